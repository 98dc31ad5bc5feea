import { useTranslation } from 'react-i18next';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import type { DataSettings } from '@app/shared/account-data/settings';
import { Button } from '@/components/ui/button';
import { SectionSkeleton } from '@/components/settings/section-skeleton';
import { SettingsError } from '@/components/settings/settings-error';
import { SettingsTransferCard } from '@/features/account/transfer/settings-transfer-card';
import { useDataSettings } from './data-api';
import { DangerZoneCard, PendingDeletionBanner } from './danger-zone-card';
import { DataChoicesCard } from './data-choices-card';
import { ExportCard } from './export-card';

/** /settings/data (settings-and-referrals.md §2–§4): data choices, export, the danger zone, then the settings transfer. */
export function DataSection() {
  const { t } = useTranslation();
  const settings = useDataSettings();
  if (settings.isPending) return <SectionSkeleton cards={3} rows={3} />;
  if (settings.isError)
    return (
      <div className="grid gap-3">
        <SettingsError error={settings.error} fallback={SETTINGS_FAILURES.data} />
        <Button variant="outline" className="justify-self-start" onClick={() => void settings.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  const { exportDataRequested, deleteAccountRequested: _requested, scheduledDeletion, ...choices } = settings.data;
  const saved: DataSettings = choices;
  return (
    <div className="grid gap-4">
      {scheduledDeletion ? <PendingDeletionBanner scheduledDeletion={scheduledDeletion} /> : null}
      {/* Keyed by the saved choices: a save starts the form afresh, other actions of the section leave a draft alone. */}
      <DataChoicesCard key={JSON.stringify(saved)} saved={saved} />
      <ExportCard requestedBefore={exportDataRequested} />
      <DangerZoneCard scheduledDeletion={scheduledDeletion} />
      <SettingsTransferCard />
    </div>
  );
}
