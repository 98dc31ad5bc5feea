import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAvatarResult } from '@app/shared/bots/schemas';
import { ZChat, type Chat } from '@app/shared/chats/schemas';
import { ZPersona, ZPersonaList, type PersonaBody, type PersonaPatch } from '@app/shared/personas/schemas';
import { api, apiUpload } from '@/lib/api-client';

export const personaKeys = { all: ['personas'] as const };

/** The caller's personas, the default first. */
export function usePersonas(enabled = true) {
  return useQuery({ queryKey: personaKeys.all, queryFn: () => api('/api/personas', { schema: ZPersonaList }), enabled });
}

/** Every change answers through the list: the default moves between personas, so the list is read again. */
function useListChange<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: personaKeys.all }) });
}

export const useCreatePersona = () =>
  useListChange((body: PersonaBody) => api('/api/personas', { method: 'POST', body, schema: ZPersona }));

export const useUpdatePersona = () =>
  useListChange(({ id, change }: { id: string; change: PersonaPatch }) =>
    api(`/api/personas/${id}`, { method: 'PATCH', body: change, schema: ZPersona }),
  );

export const useDeletePersona = () => useListChange((id: string) => api(`/api/personas/${id}`, { method: 'DELETE' }));

export const useUploadPersonaAvatar = () =>
  useListChange(({ id, file }: { id: string; file: File }) => apiUpload(`/api/personas/${id}/avatar`, 'avatar', file, ZAvatarResult));

/** Which persona the user speaks as in one chat (null: their default one). */
export function useChatPersona(onChanged: (chat: Chat) => void) {
  return useMutation({
    mutationFn: ({ chatId, personaId }: { chatId: string; personaId: string | null }) =>
      api(`/api/chats/${chatId}`, { method: 'PATCH', body: { personaId }, schema: ZChat }),
    onSuccess: onChanged,
  });
}
