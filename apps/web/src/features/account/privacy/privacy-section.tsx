import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_FAILURES, SETTINGS_MESSAGES } from '@app/shared/settings/messages';
import { DIRECT_MESSAGE_AUDIENCES, type PrivacyPatch, type PrivacySettings } from '@app/shared/account/sections';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { translateMessage } from '@/lib/messages';
import { SaveBar } from '@/components/settings/save-bar';
import { SectionSkeleton } from '@/components/settings/section-skeleton';
import { SettingsError } from '@/components/settings/settings-error';
import { SectionResetButton } from '../transfer/section-reset-button';
import { BlockedUsersCard } from './blocked-users-card';
import { usePrivacy, useResetPrivacy, useSavePrivacy } from './privacy-api';
import { SettingSwitch } from '@/components/settings/setting-switch';
import './texts';

type Editable = Omit<PrivacySettings, 'blockList'>;

/** The keys whose value differs from the saved one. */
function changesOf(saved: PrivacySettings, draft: Editable): PrivacyPatch {
  return Object.fromEntries(Object.entries(draft).filter(([k, v]) => saved[k as keyof Editable] !== v)) as PrivacyPatch;
}

/** /settings/privacy (settings-and-referrals.md §2, §3). */
export function PrivacySection() {
  const { t } = useTranslation();
  const privacy = usePrivacy();
  if (privacy.isPending) return <SectionSkeleton cards={3} rows={3} />;
  if (privacy.isError)
    return (
      <div className="grid gap-3">
        <SettingsError error={privacy.error} fallback={SETTINGS_FAILURES.privacy} />
        <Button variant="outline" className="justify-self-start" onClick={() => void privacy.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  return <PrivacyForm saved={privacy.data} />;
}

function PrivacyForm({ saved }: { saved: PrivacySettings }) {
  const { t } = useTranslation();
  const { blockList: _list, ...savedEditable } = saved;
  // Only the keys the user touched: the rest always shows the saved value (a block or a reset updates it).
  const [touched, setTouched] = useState<PrivacyPatch>({});
  const draft: Editable = { ...savedEditable, ...touched };
  const save = useSavePrivacy();
  const reset = useResetPrivacy();
  const patch = changesOf(saved, draft);
  const dirty = Object.keys(patch).length > 0;

  const set = <K extends keyof Editable>(key: K, value: Editable[K]) => setTouched((d) => ({ ...d, [key]: value }));
  const switchFor = (
    key: 'showOnlineStatus' | 'shareActivityStatus' | 'showEmail' | 'showLocation' | 'allowFriendRequests' | 'shareStatistics',
  ) => ({
    label: t(`settingsPrivacy.fields.${key}.label`),
    description: t(`settingsPrivacy.fields.${key}.description`),
    checked: draft[key],
    onCheckedChange: (v: boolean) => set(key, v),
  });

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{t('settingsPrivacy.intro')}</p>
        <SectionResetButton pending={reset.isPending} onReset={() => reset.mutateAsync().then(() => setTouched({}))} />
      </div>
      <SettingsError
        error={save.error ?? reset.error}
        fallback={reset.error ? SETTINGS_FAILURES.resetSection : SETTINGS_FAILURES.privacy}
      />

      <Card>
        <CardHeader>
          <CardTitle>{t('settingsPrivacy.visibility.title')}</CardTitle>
          <CardDescription>{t('settingsPrivacy.visibility.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <SettingSwitch
            label={t('settingsPrivacy.fields.publicProfile.label')}
            description={t('settingsPrivacy.fields.publicProfile.description')}
            checked={draft.profileVisibility === 'public'}
            onCheckedChange={(v) => set('profileVisibility', v ? 'public' : 'private')}
          />
          <SettingSwitch {...switchFor('shareActivityStatus')} />
          <SettingSwitch {...switchFor('showOnlineStatus')} />
          <SettingSwitch {...switchFor('showEmail')} />
          <SettingSwitch {...switchFor('showLocation')} />
          {draft.profileVisibility === 'public' && draft.showEmail ? (
            <Alert>
              <AlertTriangle className="text-warning" />
              <span>{translateMessage(SETTINGS_MESSAGES.considerHidingEmail)}</span>
            </Alert>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('settingsPrivacy.contact.title')}</CardTitle>
          <CardDescription>{t('settingsPrivacy.contact.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <SettingSwitch {...switchFor('allowFriendRequests')} />
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <div className="grid gap-0.5">
              <Label htmlFor="privacy-direct-messages">{t('settingsPrivacy.fields.allowDirectMessages.label')}</Label>
              <p className="text-sm text-muted-foreground">{t('settingsPrivacy.fields.allowDirectMessages.description')}</p>
            </div>
            <Select
              value={draft.allowDirectMessages}
              onValueChange={(v) => set('allowDirectMessages', v as Editable['allowDirectMessages'])}
            >
              <SelectTrigger id="privacy-direct-messages" className="w-full sm:w-44">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DIRECT_MESSAGE_AUDIENCES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {t(`settingsPrivacy.directMessages.${value}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('settingsPrivacy.dataSharing.title')}</CardTitle>
          <CardDescription>{t('settingsPrivacy.dataSharing.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <SettingSwitch {...switchFor('shareStatistics')} label={t('settingsPrivacy.fields.shareStatistics.label')} />
        </CardContent>
      </Card>

      <BlockedUsersCard blockList={saved.blockList} />

      <SaveBar
        dirty={dirty}
        saving={save.isPending}
        onSave={() => save.mutate(patch, { onSuccess: () => setTouched({}) })}
        onCancel={() => {
          setTouched({});
          save.reset();
        }}
      />
    </div>
  );
}
