import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dataExportFileName,
  ZDataExportResult,
  ZDeleteAccountResult,
  type DataExportFormat,
  type DataExportResult,
} from '@app/shared/account-data/schemas';
import { ZDataSettingsAnswer, type DataPatch, type DataSettingsAnswer } from '@app/shared/account-data/settings';
import { api, apiDownload } from '@/lib/api-client';

export const DATA_SETTINGS_QUERY_KEY = ['settings', 'data'] as const;

/** GET /api/user/settings/data: the saved choices and the danger zone's state. */
export function useDataSettings() {
  return useQuery({
    queryKey: DATA_SETTINGS_QUERY_KEY,
    queryFn: () => api('/api/user/settings/data', { schema: ZDataSettingsAnswer }),
  });
}

/** PATCH of the changed choices; the answer becomes the saved values. */
export function useSaveDataSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: DataPatch) => api('/api/user/settings/data', { method: 'PATCH', body: patch, schema: ZDataSettingsAnswer }),
    onSuccess: (answer) => queryClient.setQueryData(DATA_SETTINGS_QUERY_KEY, answer),
  });
}

/** Builds an archive and downloads it as user-data-export.{format}; answers the export (its expiry). */
export function useExportData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (format: DataExportFormat): Promise<DataExportResult> => {
      const result = await api('/api/user/data/export', {
        method: 'POST',
        body: { format },
        schema: ZDataExportResult,
        timeoutMs: 120_000,
      });
      await apiDownload(result.downloadUrl, dataExportFileName(format));
      return result;
    },
    onSuccess: () => {
      queryClient.setQueryData<DataSettingsAnswer>(DATA_SETTINGS_QUERY_KEY, (old) => (old ? { ...old, exportDataRequested: true } : old));
    },
  });
}

/** DELETE /api/user/account: scheduled (30 days) or immediate. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (immediateDelete: boolean) =>
      api('/api/user/account', { method: 'DELETE', body: { immediateDelete }, schema: ZDeleteAccountResult }),
    onSuccess: (result) => {
      if (result.deleted) return;
      queryClient.setQueryData<DataSettingsAnswer>(DATA_SETTINGS_QUERY_KEY, (old) =>
        old ? { ...old, deleteAccountRequested: true, scheduledDeletion: result.scheduledDeletion } : old,
      );
    },
  });
}

/** DELETE /api/user/account/deletion: cancels a pending deletion; answers the data settings. */
export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/user/account/deletion', { method: 'DELETE', schema: ZDataSettingsAnswer }),
    onSuccess: (answer) => queryClient.setQueryData(DATA_SETTINGS_QUERY_KEY, answer),
  });
}
