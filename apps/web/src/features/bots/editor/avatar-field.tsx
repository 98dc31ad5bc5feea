import { Trash2 } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Avatar } from '@/components/ui/avatar';
import { ImageFileButton } from '@/components/image-file-button';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { translateMessage } from '@/lib/messages';
import { useUploadBotAvatar } from '../api';
import './texts';

interface AvatarFieldProps {
  name: string;
  imageUrl: string | null;
  /** The bot being edited; a new bot keeps the chosen file until its first save. */
  botId?: string;
  pendingFile: File | null;
  onPendingFile(file: File | null): void;
  onUploaded(url: string | null): void;
}

/** An address for a chosen file that is not uploaded yet (shown as an image), let go when the file changes. */
export function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

/** The avatar with its preview: uploaded at once for an existing bot, after the first save for a new one. */
export function AvatarField({ name, imageUrl, botId, pendingFile, onPendingFile, onUploaded }: AvatarFieldProps) {
  const { t } = useTranslation();
  const upload = useUploadBotAvatar();
  const preview = useObjectUrl(pendingFile);

  const choose = (file: File) => {
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
            <ImageFileButton
              label={imageUrl || pendingFile ? t('botEditor.changeAvatar') : t('botEditor.uploadAvatar')}
              pending={upload.isPending}
              onFile={choose}
              testId="avatar-input"
            />
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
