import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import { DATA_RETENTION_PERIODS, type DataSettings } from '@app/shared/account-data/settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { SaveBar } from '@/components/settings/save-bar';
import { SettingsError } from '@/components/settings/settings-error';
import { useSaveDataSettings } from './data-api';
import { changedChoices } from './data-form';
import './texts';

const SWITCHES = ['autoDeleteMessages', 'allowDataCollection', 'allowAnalytics'] as const;
type SwitchKey = (typeof SWITCHES)[number];

/**
 * The Data section's saved choices (settings-and-referrals.md §3): retention period, auto-delete,
 * data collection and analytics. Save Changes appears once something differs from what is saved.
 */
export function DataChoicesCard({ saved }: { saved: DataSettings }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DataSettings>(saved);
  const save = useSaveDataSettings();
  const patch = changedChoices(saved, draft);
  const dirty = Object.keys(patch).length > 0;

  const onCancel = () => {
    setDraft(saved);
    save.reset();
  };

  return (
    <div className="grid gap-4">
      <SettingsError error={save.error} fallback={SETTINGS_FAILURES.data} />
      <Card>
        <CardHeader>
          <CardTitle>{t('settingsData.choices.title')}</CardTitle>
          <CardDescription>{t('settingsData.choices.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4">
            <div className="grid gap-1">
              <Label htmlFor="data-retention-period">{t('settingsData.choices.retention.label')}</Label>
              <p id="data-retention-period-hint" className="text-sm text-muted-foreground">
                {t('settingsData.choices.retention.hint')}
              </p>
            </div>
            <Select
              value={draft.dataRetentionPeriod}
              onValueChange={(value) => setDraft((d) => ({ ...d, dataRetentionPeriod: value as DataSettings['dataRetentionPeriod'] }))}
              disabled={save.isPending}
            >
              <SelectTrigger id="data-retention-period" aria-describedby="data-retention-period-hint" className="w-full sm:w-48">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DATA_RETENTION_PERIODS.map((period) => (
                  <SelectItem key={period} value={period}>
                    {t(`settingsData.choices.retention.periods.${period}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {SWITCHES.map((key) => (
            <ChoiceSwitch
              key={key}
              id={`data-${key}`}
              label={t(`settingsData.choices.${key}.label`)}
              hint={t(`settingsData.choices.${key}.hint`)}
              checked={draft[key]}
              disabled={save.isPending}
              onChange={(value) => setDraft((d) => ({ ...d, [key]: value }) as DataSettings)}
            />
          ))}
        </CardContent>
      </Card>
      <SaveBar dirty={dirty} saving={save.isPending} onSave={() => save.mutate(patch)} onCancel={onCancel} />
    </div>
  );
}

function ChoiceSwitch(props: {
  id: `data-${SwitchKey}`;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange(value: boolean): void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={props.id}>{props.label}</Label>
        <p id={`${props.id}-hint`} className="text-sm text-muted-foreground">
          {props.hint}
        </p>
      </div>
      <Switch
        id={props.id}
        aria-describedby={`${props.id}-hint`}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onChange}
        className="mt-0.5"
      />
    </div>
  );
}
