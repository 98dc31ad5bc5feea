import { ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AVATAR_MAX_BYTES } from '@app/shared/bots/constants';
import { BOT_MESSAGES } from '@app/shared/bots/messages';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { translateMessage } from '@/lib/messages';
import { useUploadBotAvatar } from '../api';

interface AvatarFieldProps {
  name: string;
  imageUrl: string | null;
  /** The bot being edited; a new bot keeps the chosen file until its first save. */
  botId?: string;
  pendingFile: File | null;
  onPendingFile(file: File | null): void;
  onUploaded(url: string | null): void;
}

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** The avatar with its preview: uploaded at once for an existing bot, after the first save for a new one. */
export function AvatarField({ name, imageUrl, botId, pendingFile, onPendingFile, onUploaded }: AvatarFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadBotAvatar();
  const preview = useMemo(() => (pendingFile ? URL.createObjectURL(pendingFile) : null), [pendingFile]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (file: File) => {
    // The same checks as the server, so that the user hears at once; the server checks the content again.
    if (!ACCEPT.split(',').includes(file.type)) return toast.error(translateMessage(BOT_MESSAGES.avatarNotImage));
    if (file.size > AVATAR_MAX_BYTES) return toast.error(translateMessage(BOT_MESSAGES.avatarTooLarge));
    if (!botId) return onPendingFile(file);
    upload.mutate(
      { id: botId, file },
      { onSuccess: ({ url }) => onUploaded(url), onError: (err) => toast.error(translateMessage(err.message)) },
    );
  };

  return (
    <div className="grid gap-2">
      <Label>{t('botEditor.avatar')}</Label>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar src={preview ?? imageUrl} name={name || '?'} className="size-20 rounded-2xl" />
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="avatar-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) choose(file);
              }}
            />
            <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={upload.isPending}>
              {upload.isPending ? <Loader2 className="animate-spin" /> : <ImagePlus />}
              {imageUrl || pendingFile ? t('botEditor.changeAvatar') : t('botEditor.uploadAvatar')}
            </Button>
            {imageUrl || pendingFile ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  onPendingFile(null);
                  onUploaded(null);
                }}
              >
                <Trash2 />
                {t('botEditor.removeAvatar')}
              </Button>
            ) : null}
          </div>
          <p className="text-xs text-muted-foreground">{t('botEditor.avatarHint')}</p>
          {/* A new bot has no id to upload to yet: the chosen file waits for the first save. */}
          {!botId ? (
            <p className="text-xs text-muted-foreground" data-testid="avatar-after-save">
              {t('botEditor.avatarAfterSave')}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
