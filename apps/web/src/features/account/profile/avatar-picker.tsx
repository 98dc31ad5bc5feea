import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, SETTINGS_MESSAGES } from '@app/shared/settings/messages';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/lib/messages';
import './texts';

/** A picked file with its local preview (an object URL), the removal of the saved avatar, or nothing. */
export type AvatarChange = { file: File; previewUrl: string } | 'remove' | null;

/** The file's own check before any upload (§5): an image, at most 2 MB; null when fine. */
export function avatarFileError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return SETTINGS_MESSAGES.avatarNotImage;
  if (file.size > AVATAR_MAX_BYTES) return SETTINGS_MESSAGES.avatarTooLarge;
  return null;
}

interface AvatarPickerProps {
  name: string;
  savedUrl: string | null;
  change: AvatarChange;
  onChange(change: AvatarChange): void;
  disabled?: boolean;
}

/** The avatar with Change (a local preview until saved) and Remove (after the Remove Avatar dialog). */
export function AvatarPicker({ name, savedUrl, change, onChange, disabled }: AvatarPickerProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const shown = change === 'remove' ? null : (change?.previewUrl ?? savedUrl);
  // The previous preview's memory goes as soon as another file or the removal replaces it.
  const replace = (next: AvatarChange) => {
    if (change && change !== 'remove') URL.revokeObjectURL(change.previewUrl);
    onChange(next);
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const problem = avatarFileError(file);
    setError(problem);
    if (!problem) replace({ file, previewUrl: URL.createObjectURL(file) });
  };

  return (
    <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
      <Avatar src={shown} name={name || '?'} className="size-20 text-lg" />
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => input.current?.click()}>
            {t('settingsProfile.avatar.change')}
          </Button>
          {shown ? (
            <Button type="button" variant="ghost" size="sm" disabled={disabled} onClick={() => setConfirming(true)}>
              {t('settingsProfile.avatar.remove')}
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-muted-foreground">{t('settingsProfile.avatar.hint')}</p>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {translateMessage(error)}
          </p>
        ) : null}
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label={t('settingsProfile.avatar.change')}
          data-testid="avatar-input"
          onChange={(e) => {
            onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('settingsProfile.avatar.removeTitle')}
        description={t('settingsProfile.avatar.removeDescription')}
        confirmLabel={t('settingsProfile.avatar.remove')}
        destructive
        onConfirm={() => {
          setConfirming(false);
          setError(null);
          // A picked file not yet saved is simply dropped; a saved avatar is removed on save.
          replace(savedUrl ? 'remove' : null);
        }}
      />
    </div>
  );
}
