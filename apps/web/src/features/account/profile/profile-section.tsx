import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { SOCIAL_NETWORKS, type AccountProfile } from '@app/shared/account/schemas';
import { BIO_MAX_LENGTH, SETTINGS_FAILURES, SETTINGS_MESSAGES } from '@app/shared/settings/messages';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { translateMessage } from '@/lib/messages';
import { SaveBar } from '@/components/settings/save-bar';
import { SectionSkeleton } from '@/components/settings/section-skeleton';
import { SettingsError } from '@/components/settings/settings-error';
import { AvatarPicker, type AvatarChange } from './avatar-picker';
import { useProfile, useSaveProfile } from './profile-api';
import { changesOf, draftOf, fieldErrorsOf, type ProfileDraft } from './profile-form';
import { useUsernameAvailability } from './username-availability';
import { UsernameIndicator } from './username-indicator';
import './texts';

/** /settings/profile (settings-and-referrals.md §2, §4, §5). */
export function ProfileSection() {
  const { t } = useTranslation();
  const profile = useProfile();
  if (profile.isPending) return <SectionSkeleton cards={2} rows={4} />;
  if (profile.isError)
    return (
      <div className="grid gap-3">
        <SettingsError error={profile.error} fallback={SETTINGS_FAILURES.getProfile} />
        <Button variant="outline" className="justify-self-start" onClick={() => void profile.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  // Keyed by the saved values: a save (or a change elsewhere) starts the form afresh from them.
  return <ProfileForm key={profile.dataUpdatedAt} saved={profile.data} />;
}

function ProfileForm({ saved }: { saved: AccountProfile }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(saved));
  const [avatar, setAvatar] = useState<AvatarChange>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveProfile();
  const availability = useUsernameAvailability(draft.username, saved.username);

  const patch = changesOf(saved, draft);
  const dirty = Object.keys(patch).length > 0 || avatar !== null;
  const errors = fieldErrorsOf(draft);
  const usernameTaken = availability === 'taken';

  const set = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const fieldError = (key: string) => (showErrors ? errors[key] : undefined);

  const onSave = () => {
    setShowErrors(true);
    if (Object.keys(errors).length > 0) return setFormError(SETTINGS_MESSAGES.fixErrors);
    setFormError(null);
    save.mutate({ patch, avatar });
  };
  const onCancel = () => {
    setDraft(draftOf(saved));
    setAvatar(null);
    setShowErrors(false);
    setFormError(null);
    save.reset();
  };

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (dirty && !usernameTaken && !save.isPending) onSave();
      }}
    >
      {formError ? (
        <Alert variant="destructive">
          <span>{translateMessage(formError)}</span>
        </Alert>
      ) : null}
      <SettingsError error={save.error} fallback={SETTINGS_FAILURES.updateProfile} />

      <Card>
        <CardHeader>
          <CardTitle>{t('settingsProfile.title')}</CardTitle>
          <CardDescription>{t('settingsProfile.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <AvatarPicker
            name={draft.displayName}
            savedUrl={saved.avatarUrl}
            change={avatar}
            onChange={setAvatar}
            disabled={save.isPending}
          />

          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="profile-display-name" label={t('settingsProfile.displayName')} error={fieldError('displayName')}>
              <Input
                id="profile-display-name"
                value={draft.displayName}
                autoComplete="name"
                maxLength={80}
                aria-invalid={Boolean(fieldError('displayName'))}
                onChange={(e) => set('displayName', e.target.value)}
              />
            </Field>
            <Field
              id="profile-username"
              label={t('settingsProfile.username.label')}
              error={fieldError('username') ?? (usernameTaken ? SETTINGS_MESSAGES.usernameTaken : undefined)}
              extra={fieldError('username') ? null : <UsernameIndicator availability={availability} />}
            >
              <Input
                id="profile-username"
                value={draft.username}
                autoComplete="username"
                maxLength={40}
                aria-invalid={Boolean(fieldError('username')) || usernameTaken}
                onChange={(e) => set('username', e.target.value)}
              />
            </Field>
          </div>

          <Field
            id="profile-bio"
            label={t('settingsProfile.bio')}
            error={fieldError('bio')}
            extra={
              <p
                className={cn('text-xs text-muted-foreground', draft.bio.length > BIO_MAX_LENGTH && 'text-destructive')}
                data-testid="bio-counter"
              >
                {draft.bio.length}/{BIO_MAX_LENGTH}
              </p>
            }
          >
            <Textarea
              id="profile-bio"
              value={draft.bio}
              rows={3}
              placeholder={t('settingsProfile.bioPlaceholder')}
              aria-invalid={Boolean(fieldError('bio'))}
              onChange={(e) => set('bio', e.target.value)}
            />
          </Field>

          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="profile-location" label={t('settingsProfile.location')} error={fieldError('location')}>
              <Input
                id="profile-location"
                value={draft.location}
                autoComplete="address-level2"
                onChange={(e) => set('location', e.target.value)}
              />
            </Field>
            <Field id="profile-website" label={t('settingsProfile.website')} error={fieldError('website')}>
              <Input
                id="profile-website"
                type="url"
                inputMode="url"
                placeholder="https://"
                value={draft.website}
                aria-invalid={Boolean(fieldError('website'))}
                onChange={(e) => set('website', e.target.value)}
              />
            </Field>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('settingsProfile.social.title')}</CardTitle>
          <CardDescription>{t('settingsProfile.social.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((network) => (
            <Field
              key={network}
              id={`profile-social-${network}`}
              label={t(`settingsProfile.social.${network}`)}
              error={fieldError(`socialLinks.${network}`)}
            >
              <Input
                id={`profile-social-${network}`}
                value={draft.socialLinks[network]}
                placeholder={t(`settingsProfile.social.${network}Placeholder`)}
                onChange={(e) => set('socialLinks', { ...draft.socialLinks, [network]: e.target.value })}
              />
            </Field>
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('settingsProfile.account.title')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-muted-foreground">{t('settingsProfile.account.email')}</span>
            <span className="flex min-w-0 flex-wrap items-center gap-2">
              <span className="truncate font-medium">{saved.email}</span>
              {saved.emailVerified ? (
                <Badge variant="success">{t('settingsProfile.account.verified')}</Badge>
              ) : (
                <>
                  <Badge variant="secondary">{t('settingsProfile.account.notVerified')}</Badge>
                  <Link to={ROUTES.verifyEmail} className="text-primary underline-offset-4 hover:underline">
                    {t('settingsProfile.account.verify')}
                  </Link>
                </>
              )}
            </span>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-muted-foreground">{t('settingsProfile.account.created')}</span>
            <time dateTime={saved.createdAt} className="font-medium">
              {new Date(saved.createdAt).toLocaleDateString(i18n.language, { year: 'numeric', month: 'long', day: 'numeric' })}
            </time>
          </div>
        </CardContent>
      </Card>

      <SaveBar dirty={dirty} saving={save.isPending} onSave={onSave} onCancel={onCancel} disabled={usernameTaken} />
    </form>
  );
}

function Field({
  id,
  label,
  error,
  extra,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {translateMessage(error)}
        </p>
      ) : null}
      {extra}
    </div>
  );
}
