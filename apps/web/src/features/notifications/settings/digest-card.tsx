import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DIGEST_FREQUENCIES, DIGEST_TIMES, type NotificationSettings } from '@app/shared/notifications/settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { browserTimeZone } from './notifications-api';
import { SettingSwitch } from '@/components/settings/setting-switch';
import './texts';

type Digest = NotificationSettings['digest'];

/** The Email Digest card of the Channels tab (§2, §9: daily/weekly/monthly at 06:00…21:00). */
export function DigestCard({ digest, onChange }: { digest: Digest; onChange(patch: Partial<Digest>): void }) {
  const { t } = useTranslation();
  const frequencyId = useId();
  const timeId = useId();
  const off = !digest.enabled;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settingsNotifications.digest.title')}</CardTitle>
        <CardDescription>{t('settingsNotifications.digest.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <SettingSwitch
          label={t('settingsNotifications.digest.enabled.label')}
          description={t('settingsNotifications.digest.enabled.description')}
          checked={digest.enabled}
          onCheckedChange={(enabled) => onChange({ enabled })}
        />
        {/* content-start: the time's cell has a line more (the time zone); its rows must not stretch the frequency's. */}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={frequencyId}>{t('settingsNotifications.digest.frequency')}</Label>
            <Select value={digest.frequency} onValueChange={(v) => onChange({ frequency: v as Digest['frequency'] })} disabled={off}>
              <SelectTrigger id={frequencyId} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DIGEST_FREQUENCIES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {t(`settingsNotifications.digest.frequencies.${value}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={timeId}>{t('settingsNotifications.digest.time')}</Label>
            <Select value={digest.time} onValueChange={(v) => onChange({ time: v as Digest['time'] })} disabled={off}>
              <SelectTrigger id={timeId} className="w-full" aria-describedby={`${timeId}-zone`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DIGEST_TIMES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {value}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p id={`${timeId}-zone`} className="text-xs text-muted-foreground">
              {t('settingsNotifications.digest.timeZone', { zone: browserTimeZone() })}
            </p>
          </div>
        </div>
        <SettingSwitch
          label={t('settingsNotifications.digest.includeStats.label')}
          description={t('settingsNotifications.digest.includeStats.description')}
          checked={digest.includeStats}
          onCheckedChange={(includeStats) => onChange({ includeStats })}
          disabled={off}
        />
        <SettingSwitch
          label={t('settingsNotifications.digest.includeRecommendations.label')}
          description={t('settingsNotifications.digest.includeRecommendations.description')}
          checked={digest.includeRecommendations}
          onCheckedChange={(includeRecommendations) => onChange({ includeRecommendations })}
          disabled={off}
        />
      </CardContent>
    </Card>
  );
}
