import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZImport, ZImportList, ZImportStarted, type Import } from '@app/shared/imports/schemas';
import { api } from '@/lib/api-client';

export const importKeys = {
  all: ['imports'] as const,
  one: (id: string) => ['imports', id] as const,
};

const running = (job: Import | undefined) => job?.status === 'queued' || job?.status === 'running';

/** The caller's recent imports. */
export const useImports = () => useQuery({ queryKey: importKeys.all, queryFn: () => api('/api/imports', { schema: ZImportList }) });

/** One import, read again every second while it runs. */
export function useImport(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: importKeys.one(id ?? ''),
    enabled: id !== null,
    queryFn: async () => {
      const job = await api(`/api/imports/${id}`, { schema: ZImport });
      if (!running(job)) void client.invalidateQueries({ queryKey: importKeys.all, exact: true });
      return job;
    },
    refetchInterval: (query) => (running(query.state.data) || query.state.data === undefined ? 1000 : false),
  });
}

/** The files to send: a zip alone, or a folder's files under their paths inside it. */
export type ImportUpload = { zip: File } | { files: { file: File; path: string }[] };

/** Sends a folder; answers the new import's id. */
export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (upload: ImportUpload) => {
      const form = new FormData();
      if ('zip' in upload) form.append('file', upload.zip, upload.zip.name);
      else for (const { file, path } of upload.files) form.append('file', file, path);
      return api('/api/imports/sillytavern', { method: 'POST', form, body: form, schema: ZImportStarted, timeoutMs: 600_000 });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: importKeys.all, exact: true }),
  });
}

/**
 * The files of a chosen folder that the import reads (SillyTavern's folder also holds backups,
 * thumbnails, themes...: those are not sent), under their paths from the chosen folder.
 */
export function folderFiles(list: FileList): { file: File; path: string }[] {
  const wanted =
    /(^|\/)(characters|worlds|groups|group chats|user avatars)\/[^/]+$|(^|\/)chats\/[^/]+\/[^/]+\.jsonl$|(^|\/)settings\.json$/i;
  return Array.from(list)
    .map((file) => ({ file, path: file.webkitRelativePath || file.name }))
    .filter(({ path }) => wanted.test(path) && !/(^|\/)(backups|thumbnails)\//i.test(path));
}
