import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZChatExportQuery, ZChatParams } from '@app/shared/chats/schemas';
import { queryRows, type Executor } from '../../db/client';
import { bots } from '../../db/schema/bots';
import { chats } from '../../db/schema/chats';
import { users } from '../../db/schema/users';
import { requireAuth } from '../../plugins/auth';
import { chatPersonaSql } from '../personas';
import { requireChat, type ChatRow } from './repository';
import { formatCreateDate, writeStChat, type StWriteMessage } from './sillytavern-format';

interface ExportRow {
  id: string;
  group_id: string | null;
  role: 'user' | 'assistant';
  content: string;
  status: string;
  selected: boolean;
  bot_id: string | null;
  created_at: Date | string;
}

/**
 * A chat's messages in the conversation's order, a reply's alternatives together (a group is
 * placed at its first message). A failed or unfinished alternative is left out; a reply left with
 * none is too; the shown one stays shown, or the last one left is.
 */
async function exportedMessages(db: Executor, chatId: string): Promise<{ row: ExportRow; variants: ExportRow[] }[]> {
  const rows = await queryRows<ExportRow>(
    db,
    sql`select id::text, group_id::text, role, content, status, selected, bot_id, created_at from chat_messages
        where chat_id = ${chatId} order by coalesce(group_id, id), variant, id`,
  );
  const out: { row: ExportRow; variants: ExportRow[] }[] = [];
  let place: string | null = null;
  for (const r of rows) {
    const at = r.group_id ?? r.id;
    if (at !== place) out.push({ row: r, variants: [] });
    place = at;
    if (r.status === 'failed' || r.status === 'streaming') continue;
    out.at(-1)!.variants.push(r);
  }
  return out.filter((m) => m.variants.length > 0);
}

/** GET /api/chats/{id}/export?format=jsonl (issue 20 §5): the chat as SillyTavern's chat file. */
export const chatExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/:id/export',
    {
      config: { access: 'user' },
      schema: {
        tags: ['chats'],
        summary:
          "The caller's chat as SillyTavern's chat file (JSONL: a header line, then a message a line with its swipes); importing it again gives the same chat",
        params: ZChatParams,
        querystring: ZChatExportQuery,
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const chat = await requireChat(db, request.params.id, user.id);
      const names = await namesOf(db, chat);
      const groupIds = chat.turnOrder ? names.members : [chat.botId];
      const messages: StWriteMessage[] = (await exportedMessages(db, chat.id)).map(({ variants }) => {
        const shown = variants.findIndex((v) => v.selected);
        const first = variants[0]!;
        const speaker = first.bot_id ?? (first.role === 'assistant' ? chat.botId : null);
        const name = first.role === 'user' ? names.user : (names.bots.get(speaker ?? '') ?? names.bots.get(chat.botId) ?? '');
        return {
          name,
          isUser: first.role === 'user',
          sentAt: new Date(first.created_at),
          swipes: variants.map((v) => v.content),
          swipeId: shown >= 0 ? shown : variants.length - 1,
          botId: chat.turnOrder && first.role === 'assistant' ? speaker : null,
          avatar: chat.turnOrder && first.role === 'assistant' ? `${name}.png` : null,
        };
      });
      const characterName = names.bots.get(chat.botId) ?? '';
      const body = writeStChat({
        userName: names.user,
        characterName: chat.turnOrder ? 'unused' : characterName,
        createdAt: chat.createdAt,
        title: chat.title,
        botIds: chat.turnOrder ? groupIds : [chat.botId],
        turnOrder: chat.turnOrder,
        personaId: chat.personaId,
        messages,
      });
      const file = exportFileName(chat.title, chat.turnOrder ? chat.title : characterName, chat.createdAt);
      return (
        reply
          .header('cache-control', 'no-store')
          // The plain name for old clients (non-ASCII letters as _), the exact one in filename*.
          .header(
            'content-disposition',
            `attachment; filename="${file.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file)}`,
          )
          .type('application/jsonl; charset=utf-8')
          .send(body)
      );
    },
  );
};

/** Who speaks in the file: the chat's persona (or the owner's default, or their display name), and its characters' names in list order. */
async function namesOf(db: Executor, chat: ChatRow): Promise<{ user: string; bots: Map<string, string>; members: string[] }> {
  const [row] = await db
    .select({ persona: chatPersonaSql(chats), displayName: users.displayName })
    .from(chats)
    .innerJoin(users, eq(users.id, chats.userId))
    .where(eq(chats.id, chat.id));
  const speakers = await queryRows<{ id: string; name: string; member: boolean }>(
    db,
    sql`select b.id, b.name, cb.chat_id is not null as member from ${bots} b
        left join chat_bots cb on cb.bot_id = b.id and cb.chat_id = ${chat.id}
        where b.id = ${chat.botId} or cb.chat_id is not null
           or b.id in (select bot_id from chat_messages where chat_id = ${chat.id} and bot_id is not null)
        order by cb.position nulls last, b.name`,
  );
  return {
    user: row?.persona?.name ?? row?.displayName ?? 'User',
    bots: new Map(speakers.map((m) => [m.id, m.name])),
    members: speakers.filter((m) => m.member).map((m) => m.id),
  };
}

/** SillyTavern's chat names end in the time they were made: "Seraphina - 2024-7-12@01h31m37s", "Mira - 2026-11-27 @18h 52m 25s 33ms". */
const ST_CHAT_NAME = /@\d{1,2}h ?\d{1,2}m ?\d{1,2}s( ?\d{1,3}ms)?$/;

/**
 * The file's name as SillyTavern names a chat: an imported chat keeps the name it had there (its
 * title); another is named after its character (a group after its title) and the time it began.
 */
export function exportFileName(title: string, name: string, createdAt: Date): string {
  // Composed first: a name written on a Mac (decomposed accents) keeps its letters.
  const clean = (text: string) =>
    text
      .normalize('NFC')
      .replace(/[^\p{L}\p{M}\p{N} @_-]+/gu, '')
      .trim();
  const own = title.normalize('NFC').trim();
  if (ST_CHAT_NAME.test(own) && clean(own) === own) return `${own}.jsonl`;
  return `${clean(name).replace(/@/g, '') || 'chat'} - ${formatCreateDate(createdAt)}.jsonl`;
}
