import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Bot } from '@app/shared/bots/schemas';
import { draftToFields, type BotDraft } from '@app/shared/bots/validation';
import { ZAvatarResult, ZBot } from '@app/shared/bots/schemas';
import { api, apiUpload } from '@/lib/api-client';
import { botKeys } from '../api';

/**
 * Saves a draft: PATCH for an existing bot (visibility only when the caller owns it), POST for a
 * new one. A new bot's chosen avatar can only be uploaded once the bot exists, and a public bot
 * needs an avatar, so a new bot with a pending avatar is created private, gets its avatar, and is
 * then given the visibility the draft asks for (the server checks the publish rules then).
 */
export function useSaveBot() {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const save = async (opts: {
    draft: BotDraft;
    botId?: string;
    isOwner: boolean;
    pendingAvatar: File | null;
  }): Promise<{ bot: Bot; warning?: string }> => {
    setSaving(true);
    try {
      const fields = draftToFields(opts.draft);
      if (opts.botId) {
        const { visibility, ...rest } = fields;
        return {
          bot: await api(`/api/bots/${opts.botId}`, { method: 'PATCH', body: opts.isOwner ? { ...rest, visibility } : rest, schema: ZBot }),
        };
      }
      if (!opts.pendingAvatar) return { bot: await api('/api/bots', { method: 'POST', body: fields, schema: ZBot }) };
      const created = await api('/api/bots', { method: 'POST', body: { ...fields, visibility: 'private' }, schema: ZBot });
      // The bot exists from here on: a failure of the next steps is reported, never a reason to create it twice.
      try {
        await apiUpload(`/api/bots/${created.id}/avatar`, 'avatar', opts.pendingAvatar, ZAvatarResult);
        if (fields.visibility === 'private') return { bot: created };
        return { bot: await api(`/api/bots/${created.id}`, { method: 'PATCH', body: { visibility: fields.visibility }, schema: ZBot }) };
      } catch (err) {
        return { bot: created, warning: (err as Error).message };
      }
    } finally {
      setSaving(false);
      void queryClient.invalidateQueries({ queryKey: botKeys.all });
    }
  };
  return { save, saving };
}
