import { ImagePlus, Loader2 } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { AVATAR_MAX_BYTES } from '@app/shared/bots/constants';
import { BOT_MESSAGES } from '@app/shared/bots/messages';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/lib/messages';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * A button that opens the file chooser for an avatar (the input itself hidden) and hands on the
 * chosen image, after the server's own checks (type, 2 MB) so that the user hears at once; the
 * server checks the content again.
 */
export function ImageFileButton({
  label,
  pending,
  disabled,
  onFile,
  testId,
}: {
  label: string;
  pending: boolean;
  disabled?: boolean;
  onFile(file: File): void;
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const choose = (file: File) => {
    if (!ACCEPT.split(',').includes(file.type)) return toast.error(translateMessage(BOT_MESSAGES.avatarNotImage));
    if (file.size > AVATAR_MAX_BYTES) return toast.error(translateMessage(BOT_MESSAGES.avatarTooLarge));
    onFile(file);
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) choose(file);
        }}
      />
      <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()} disabled={pending || disabled}>
        {pending ? <Loader2 className="animate-spin" /> : <ImagePlus />}
        {label}
      </Button>
    </>
  );
}
