import { AlertCircle, Info } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TestChannel } from '@app/shared/notifications/schemas';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import type { NotificationPatch, NotificationSettings } from '@app/shared/notifications/settings';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/features/auth/store';
import { SaveBar } from '@/components/settings/save-bar';
import { SectionSkeleton } from '@/components/settings/section-skeleton';
import { SettingsError } from '@/components/settings/settings-error';
import { SectionResetButton } from '@/features/account/transfer/section-reset-button';
import { enablePushInThisBrowser, type PushSetupResult } from './browser-push';
import { DigestCard } from './digest-card';
import { SettingSwitch } from '@/components/settings/setting-switch';
import { useNotificationSettings, useResetNotifications, useSaveNotifications, useTestNotification } from './notifications-api';
import { TestButton } from './test-button';
import './texts';

type Group = keyof NotificationSettings;
const TABS = ['channels', 'email', 'push', 'inApp'] as const;
type Tab = (typeof TABS)[number];

const EMAIL_EVENTS = ['newMessage', 'newFollower', 'friendRequest', 'botUpdate', 'systemUpdate', 'marketing'] as const;
const PUSH_EVENTS = ['newMessage', 'newFollower', 'botUpdate', 'achievements'] as const;
const IN_APP_BEHAVIOUR = ['sound', 'desktop', 'vibration'] as const;
const IN_APP_EVENTS = ['newMessage', 'newFollower', 'botUpdate', 'achievements', 'systemAlerts'] as const;

/** Only what differs from the saved values, group by group (the PATCH merges it). */
function changesOf(saved: NotificationSettings, draft: NotificationSettings): NotificationPatch {
  const patch: Record<string, Record<string, unknown>> = {};
  for (const group of Object.keys(saved) as Group[]) {
    for (const [key, value] of Object.entries(draft[group])) {
      if ((saved[group] as Record<string, unknown>)[key] !== value) (patch[group] ??= {})[key] = value;
    }
  }
  return patch as NotificationPatch;
}

/** /settings/notifications (settings-and-referrals.md §2, §3): the tabs Channels, Email, Push and In-App. */
export function NotificationsSection() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const [tab, setTab] = useState<Tab>('channels');
  if (settings.isPending) return <SectionSkeleton cards={2} rows={4} />;
  if (settings.isError)
    return (
      <div className="grid gap-3">
        <SettingsError error={settings.error} fallback={SETTINGS_FAILURES.notifications} />
        <Button variant="outline" className="justify-self-start" onClick={() => void settings.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  // A new saved value (after Save or Reset) starts a fresh draft.
  return <NotificationsForm key={JSON.stringify(settings.data)} saved={settings.data} tab={tab} onTabChange={setTab} />;
}

function NotificationsForm({ saved, tab, onTabChange }: { saved: NotificationSettings; tab: Tab; onTabChange(tab: Tab): void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [draft, setDraft] = useState<NotificationSettings>(saved);
  const [pushState, setPushState] = useState<PushSetupResult | 'asking' | 'failed' | null>(null);
  const save = useSaveNotifications();
  const reset = useResetNotifications();
  const test = useTestNotification();
  const patch = changesOf(saved, draft);
  const dirty = Object.keys(patch).length > 0;

  const set = <G extends Group>(group: G, values: Partial<NotificationSettings[G]>) =>
    setDraft((d) => ({ ...d, [group]: { ...d[group], ...values } }));

  /** Push needs this browser's permission and subscription before it means anything. */
  const ensurePush = async (): Promise<boolean> => {
    setPushState('asking');
    try {
      const result = await enablePushInThisBrowser();
      setPushState(result === 'subscribed' ? null : result);
      return result === 'subscribed';
    } catch {
      setPushState('failed');
      return false;
    }
  };

  const togglePush = async (on: boolean) => {
    if (on && !(await ensurePush())) return;
    set('push', { enabled: on });
  };

  const runTest = async (channel: TestChannel) => {
    if (channel === 'push' && !(await ensurePush())) return;
    try {
      await test.mutateAsync(channel);
      toast.success(t(`settingsNotifications.channels.sent.${channel}`, { email: user?.email ?? '' }));
    } catch {
      // §8: a failed test notification is ignored.
    }
  };
  const testing = (channel: TestChannel) => test.isPending && test.variables === channel;

  const eventSwitch = <G extends 'email' | 'push' | 'inApp'>(group: G, key: keyof NotificationSettings[G] & string, disabled = false) => (
    <SettingSwitch
      key={key}
      label={t(`settingsNotifications.fields.${key}.label`)}
      description={t(`settingsNotifications.fields.${key}.description`)}
      checked={Boolean(draft[group][key])}
      onCheckedChange={(v) => set(group, { [key]: v } as Partial<NotificationSettings[G]>)}
      disabled={disabled}
    />
  );

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{t('settingsNotifications.intro')}</p>
        <SectionResetButton pending={reset.isPending} onReset={() => reset.mutateAsync()} />
      </div>
      <SettingsError
        error={save.error ?? reset.error}
        fallback={reset.error ? SETTINGS_FAILURES.resetSection : SETTINGS_FAILURES.notifications}
      />

      <Tabs value={tab} onValueChange={(v) => onTabChange(v as Tab)}>
        <TabsList className="w-full justify-start sm:w-auto">
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`settingsNotifications.tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value="channels" className="mt-4 grid gap-4">
          <Card>
            <CardHeader>
              <CardTitle>{t('settingsNotifications.channels.title')}</CardTitle>
              <CardDescription>{t('settingsNotifications.channels.description')}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5">
              <SettingSwitch
                label={t('settingsNotifications.channels.email.label')}
                description={t('settingsNotifications.channels.email.description', { email: user?.email ?? '' })}
                checked={draft.email.enabled}
                onCheckedChange={(enabled) => set('email', { enabled })}
                action={
                  <TestButton
                    channelName={t('settingsNotifications.tabs.email')}
                    pending={testing('email')}
                    onClick={() => void runTest('email')}
                  />
                }
              />
              <Separator />
              <SettingSwitch
                label={t('settingsNotifications.channels.push.label')}
                description={t('settingsNotifications.channels.push.description')}
                checked={draft.push.enabled}
                onCheckedChange={(on) => void togglePush(on)}
                disabled={pushState === 'asking'}
                action={
                  <TestButton
                    channelName={t('settingsNotifications.tabs.push')}
                    pending={testing('push') || pushState === 'asking'}
                    onClick={() => void runTest('push')}
                  />
                }
              />
              {pushState && pushState !== 'subscribed' ? (
                <Alert variant={pushState === 'asking' ? 'default' : 'destructive'} role={pushState === 'asking' ? 'status' : 'alert'}>
                  {pushState === 'asking' ? <Info /> : <AlertCircle />}
                  <span>{t(`settingsNotifications.push.${pushState}`)}</span>
                </Alert>
              ) : null}
              <Separator />
              <div className="flex items-start justify-between gap-3">
                <div className="grid min-w-0 gap-0.5">
                  <span className="text-sm font-medium leading-none">{t('settingsNotifications.channels.inApp.label')}</span>
                  <p className="text-sm text-muted-foreground">{t('settingsNotifications.channels.inApp.description')}</p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <TestButton
                    channelName={t('settingsNotifications.tabs.inApp')}
                    pending={testing('inApp')}
                    onClick={() => void runTest('inApp')}
                  />
                  <Badge variant="secondary" className="hidden sm:inline-flex">
                    {t('settingsNotifications.channels.inApp.alwaysOn')}
                  </Badge>
                </div>
              </div>
            </CardContent>
          </Card>
          <DigestCard digest={draft.digest} onChange={(values) => set('digest', values)} />
        </TabsContent>

        <TabsContent value="email" className="mt-4">
          <EventsCard
            title={t('settingsNotifications.emailTab.title')}
            description={t('settingsNotifications.emailTab.description')}
            offNotice={draft.email.enabled ? null : t('settingsNotifications.emailTab.off')}
          >
            {EMAIL_EVENTS.map((key) => eventSwitch('email', key, !draft.email.enabled))}
          </EventsCard>
        </TabsContent>

        <TabsContent value="push" className="mt-4">
          <EventsCard
            title={t('settingsNotifications.pushTab.title')}
            description={t('settingsNotifications.pushTab.description')}
            offNotice={draft.push.enabled ? null : t('settingsNotifications.pushTab.off')}
          >
            {PUSH_EVENTS.map((key) => eventSwitch('push', key, !draft.push.enabled))}
          </EventsCard>
        </TabsContent>

        <TabsContent value="inApp" className="mt-4">
          <EventsCard title={t('settingsNotifications.inAppTab.title')} description={t('settingsNotifications.inAppTab.description')}>
            <h4 className="text-sm font-semibold text-muted-foreground">{t('settingsNotifications.inAppTab.behaviour')}</h4>
            {IN_APP_BEHAVIOUR.map((key) => eventSwitch('inApp', key))}
            <Separator />
            <h4 className="text-sm font-semibold text-muted-foreground">{t('settingsNotifications.inAppTab.events')}</h4>
            {IN_APP_EVENTS.map((key) => eventSwitch('inApp', key))}
          </EventsCard>
        </TabsContent>
      </Tabs>

      <SaveBar dirty={dirty} saving={save.isPending} onSave={() => save.mutate(patch)} onCancel={() => setDraft(saved)} />
    </div>
  );
}

function EventsCard({
  title,
  description,
  offNotice,
  children,
}: {
  title: string;
  description: string;
  offNotice?: string | null;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {offNotice ? (
          <Alert>
            <Info />
            <span>{offNotice}</span>
          </Alert>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}
