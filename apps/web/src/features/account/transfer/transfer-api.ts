import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAllSettings,
  ZBackup,
  ZBackupList,
  ZPreset,
  ZPresetList,
  ZSettingsExport,
  ZSettingsToImport,
  type Backup,
  type Preset,
  type SettingsImportBody,
} from '@app/shared/account/schemas';
import type { AllSettings } from '@app/shared/account/sections';
import { api, apiDownload } from '@/lib/api-client';
import { adoptAppearance } from '../appearance/appearance-sync';
import { useLocalSettings } from '@/features/settings/local-settings';

const BACKUPS_KEY = ['settings', 'backups'] as const;
const PRESETS_KEY = ['settings', 'presets'] as const;

/** After import, reset-all, restore or apply: every screen and the local copy take the new values. */
function useAdoptAll() {
  const queryClient = useQueryClient();
  return async (all: AllSettings) => {
    const local = useLocalSettings.getState();
    local.setPrivacy(all.privacy);
    local.setNotifications(all.notifications);
    await adoptAppearance(all.appearance);
    // Other sections (notifications, data) own their queries: refetch whatever is on screen.
    await queryClient.invalidateQueries({ queryKey: ['settings'] });
  };
}

const importFile = (file: SettingsImportBody) => api('/api/user/settings/import', { method: 'POST', body: file, schema: ZAllSettings });
/** The current settings, as the part of a settings file that backups and presets keep. */
const currentSettings = async () => (await api('/api/user/settings/export', { schema: ZSettingsExport })).settings;

export function useImportSettings() {
  const adopt = useAdoptAll();
  return useMutation({ mutationFn: importFile, onSuccess: adopt });
}

export function useResetAll() {
  const adopt = useAdoptAll();
  return useMutation({
    mutationFn: () => api('/api/user/settings/reset-all', { method: 'POST', schema: ZAllSettings }),
    onSuccess: adopt,
  });
}

export const exportSettings = () => apiDownload('/api/user/settings/export', 'settings.json');

/** The caller's backups, or the built-in presets followed by the caller's own. */
export function useSnapshotList(kind: 'backup' | 'preset') {
  return useQuery<{ items: (Backup | Preset)[] }>({
    queryKey: kind === 'backup' ? BACKUPS_KEY : PRESETS_KEY,
    queryFn: () =>
      kind === 'backup'
        ? api('/api/user/settings/backups', { schema: ZBackupList })
        : api('/api/user/settings/presets', { schema: ZPresetList }),
  });
}

export function useCreateSnapshot(kind: 'backup' | 'preset') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      api(`/api/user/settings/${kind}s`, {
        method: 'POST',
        body: { name, data: await currentSettings() },
        schema: kind === 'backup' ? ZBackup : ZPreset,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kind === 'backup' ? BACKUPS_KEY : PRESETS_KEY }),
  });
}

export function useDeleteSnapshot(kind: 'backup' | 'preset') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/user/settings/${kind}s/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kind === 'backup' ? BACKUPS_KEY : PRESETS_KEY }),
  });
}

/** Restore a backup or apply a preset: the server answers the settings, which go through import (§4). */
export function useApplySnapshot(kind: 'backup' | 'preset') {
  const adopt = useAdoptAll();
  return useMutation({
    mutationFn: async (id: string) => {
      const path = kind === 'backup' ? `backups/${encodeURIComponent(id)}/restore` : `presets/${encodeURIComponent(id)}/apply`;
      const file = await api(`/api/user/settings/${path}`, { method: 'POST', schema: ZSettingsToImport });
      return importFile(file);
    },
    onSuccess: adopt,
  });
}
