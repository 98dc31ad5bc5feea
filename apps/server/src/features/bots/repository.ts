import { and, asc, desc, eq, ilike, inArray, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { CollaboratorRole } from '@app/shared/bots/constants';
import type { Bot, BotSummary, MyBotsQuery, PublicBotsQuery, ZMyBotsQuery, ZPublicBotsQuery } from '@app/shared/bots/schemas';
import { DEFAULT_IMAGE_GENERATION, DEFAULT_VIDEO_GENERATION } from '@app/shared/bots/constants';
import { withDefaultCosts, withDefaultSettings, type BotFields } from '@app/shared/bots/validation';
import type { z } from 'zod';
import { preparedPerDatabase, type Executor } from '../../db/client';
import { botCollaborators, botFavorites, bots, categories, userBotCounts, type CardSource } from '../../db/schema/bots';
import { users } from '../../db/schema/users';
import { badRequest } from '../../lib/http-errors';
import type { BotRow } from './access';
import { containsPattern, searchColumns } from './search';

type MyQuery = z.output<typeof ZMyBotsQuery>;
type PublicQuery = z.output<typeof ZPublicBotsQuery>;
export type { MyBotsQuery, PublicBotsQuery };

const summaryColumns = {
  bot: {
    id: bots.id,
    name: bots.name,
    description: bots.description,
    avatarUrl: bots.avatarUrl,
    tags: bots.tags,
    visibility: bots.visibility,
    isActive: bots.isActive,
    nsfw: bots.nsfw,
    totalChats: bots.totalChats,
    totalMessages: bots.totalMessages,
    totalImagesGenerated: bots.totalImagesGenerated,
    totalVideosGenerated: bots.totalVideosGenerated,
    avgRating: bots.avgRating,
    ratingCount: bots.ratingCount,
    popularity: bots.popularity,
    createdBy: bots.createdBy,
    createdAt: bots.createdAt,
    updatedAt: bots.updatedAt,
  },
  category: { id: categories.id, name: categories.name, icon: categories.icon },
  creator: { id: users.id, username: users.username, displayName: users.displayName, avatarUrl: users.avatarUrl },
};

type SummaryBot = Pick<
  BotRow,
  | 'id'
  | 'name'
  | 'description'
  | 'avatarUrl'
  | 'tags'
  | 'visibility'
  | 'isActive'
  | 'nsfw'
  | 'totalChats'
  | 'totalMessages'
  | 'totalImagesGenerated'
  | 'totalVideosGenerated'
  | 'avgRating'
  | 'ratingCount'
  | 'popularity'
  | 'createdBy'
  | 'createdAt'
  | 'updatedAt'
>;
interface SummaryRow {
  bot: SummaryBot;
  category: { id: string; name: string; icon: string } | null;
  creator: { id: string; username: string; displayName: string; avatarUrl: string | null };
}

export function toSummary({ bot, category, creator }: SummaryRow): BotSummary {
  return {
    id: bot.id,
    name: bot.name,
    description: bot.description,
    avatarUrl: bot.avatarUrl,
    category,
    tags: bot.tags,
    visibility: bot.visibility,
    isPublic: bot.visibility === 'public',
    isActive: bot.isActive,
    nsfw: bot.nsfw,
    stats: {
      totalChats: bot.totalChats,
      totalMessages: bot.totalMessages,
      totalImagesGenerated: bot.totalImagesGenerated,
      totalVideosGenerated: bot.totalVideosGenerated,
      avgRating: bot.avgRating,
      ratingCount: bot.ratingCount,
      popularity: bot.popularity,
    },
    createdBy: bot.createdBy,
    creator,
    createdAt: bot.createdAt.toISOString(),
    updatedAt: bot.updatedAt.toISOString(),
  };
}

/** json_build_object of named columns; the names are ours (summaryColumns), never a caller's. */
function jsonObject(fields: Record<string, SQLWrapper>): SQL {
  return sql`json_build_object(${sql.join(
    Object.entries(fields).map(([name, column]) => sql`${sql.raw(`'${name}'`)}, ${column}`),
    sql`, `,
  )})`;
}

/** A summary row as JSON holds its times as text. */
type SummaryJson = Omit<SummaryRow, 'bot'> & {
  bot: Omit<SummaryBot, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };
};

const summaryJson = sql`json_build_object(
  'bot', ${jsonObject(summaryColumns.bot)},
  'category', case when ${categories.id} is null then null else ${jsonObject(summaryColumns.category)} end,
  'creator', ${jsonObject(summaryColumns.creator)})`;

/**
 * A page of summaries and the total, in one statement that answers one JSON value. The embedded
 * database hands each column value of a result to JavaScript one by one (a page of 24 bots took
 * about 2 ms of that); one json_agg is parsed natively in one go, and the count needs no second
 * round trip. The page walks an ordered index and stops after `limit` rows (a count(*) over ()
 * window would visit every match).
 */
async function pageOf(db: Executor, where: SQL | undefined, orderBy: SQL[], page: number, limit: number) {
  const total = sql`(select count(*) from ${bots} where ${where ?? sql`true`})`;
  const [answer] = await pageQuery(db, where, orderBy, total, limit, (page - 1) * limit);
  return summaryPage(answer, page, limit);
}

function pageQuery(
  db: Executor,
  where: SQL | undefined,
  orderBy: SQL[],
  total: SQL,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const rows = db
    .select({ summary: sql`${summaryJson}`.as('summary'), n: sql`row_number() over (order by ${sql.join(orderBy, sql`, `)})`.as('n') })
    .from(bots)
    .innerJoin(users, eq(users.id, bots.createdBy))
    .leftJoin(categories, eq(categories.id, bots.categoryId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select({
      items: sql<SummaryJson[]>`coalesce(json_agg(${rows.summary} order by ${rows.n}), '[]'::json)`,
      total: sql<number>`coalesce(${total}, 0)`.mapWith(Number),
    })
    .from(rows);
}

function summaryPage(answer: { items: SummaryJson[]; total: number } | undefined, page: number, limit: number) {
  const items = (answer?.items ?? []).map(({ bot, ...rest }) =>
    toSummary({ ...rest, bot: { ...bot, createdAt: new Date(bot.createdAt), updatedAt: new Date(bot.updatedAt) } }),
  );
  return { items, total: answer?.total ?? 0, page, limit };
}

/**
 * My Bots' first view in each of its orders (the caller's own bots, unfiltered): a prepared
 * statement, so neither its SQL is built nor its plan made again on every visit, and its total is
 * the kept count (user_bot_counts), not a count of thousands of rows.
 */
const ownPages = new Map<string, ReturnType<typeof ownPageStatement>>();
function ownPageStatement(name: string, orderBy: SQL[]) {
  return preparedPerDatabase((db: Executor) =>
    pageQuery(
      db,
      eq(bots.createdBy, sql.placeholder('userId')),
      orderBy,
      sql`(select ${userBotCounts.bots} from ${userBotCounts} where ${userBotCounts.userId} = ${sql.placeholder('userId')})`,
      sql.placeholder('limit'),
      sql.placeholder('offset'),
    ).prepare(name),
  );
}

function textAndTagFilters(q: string | undefined, tags: string[] | undefined, category: string | undefined): SQL[] {
  const filters: SQL[] = [];
  if (q) filters.push(sql`${bots.searchText} like ${containsPattern(q)}`);
  if (tags?.length) filters.push(sql`${bots.tagKeys} @> ${sql.param(tags.map((t) => t.toLowerCase()))}::text[]`);
  if (category && category !== 'all') filters.push(eq(bots.categoryId, category));
  return filters;
}

/** Explore: public, active bots; NSFW ones only when the viewer opts in. */
export async function listPublicBots(db: Executor, query: PublicQuery) {
  const filters: SQL[] = [
    eq(bots.visibility, 'public'),
    eq(bots.isActive, true),
    ...textAndTagFilters(query.q, query.tags, query.category),
  ];
  if (query.nsfw !== 'true') filters.push(eq(bots.nsfw, false));
  if (query.creator) {
    const isId = /^[0-9a-f-]{36}$/i.test(query.creator);
    filters.push(
      isId
        ? eq(bots.createdBy, query.creator)
        : sql`${bots.createdBy} = (select ${users.id} from ${users} where lower(${users.username}) = lower(${query.creator}))`,
    );
  }
  const order: Record<PublicQuery['sortBy'], SQL[]> = {
    popular: [desc(bots.popularity), desc(bots.id)],
    newest: [desc(bots.createdAt), desc(bots.id)],
    rating: [sql`${bots.avgRating} desc nulls last`, desc(bots.ratingCount), desc(bots.id)],
  };
  return pageOf(db, and(...filters), order[query.sortBy], query.page, query.limit);
}

/** My Bots: the caller's own bots (or the ones shared with them), with the list's five sorts. */
export async function listMyBots(db: Executor, userId: string, query: MyQuery) {
  const shared = sql`${bots.id} in (select ${botCollaborators.botId} from ${botCollaborators} where ${botCollaborators.userId} = ${userId})`;
  const owner =
    query.scope === 'shared' ? shared : query.scope === 'all' ? or(eq(bots.createdBy, userId), shared)! : eq(bots.createdBy, userId);
  // §2: the list searches name and description (Explore also searches tags).
  const filters: SQL[] = [owner, ...textAndTagFilters(undefined, query.tags, query.category)];
  if (query.q) filters.push(or(ilike(bots.name, containsPattern(query.q)), ilike(bots.description, containsPattern(query.q)))!);
  if (query.visibility) filters.push(eq(bots.visibility, query.visibility));
  if (query.nsfw) filters.push(eq(bots.nsfw, query.nsfw === 'true'));
  const flip = query.sortOrder === 'asc' ? asc : desc;
  const flipName = query.sortOrder === 'desc' ? desc : asc;
  const order: Record<MyQuery['sortBy'], SQL[]> = {
    newest: [flip(bots.createdAt), flip(bots.id)],
    updated: [flip(bots.updatedAt), flip(bots.id)],
    name: [flipName(sql`lower(${bots.name})`), flipName(bots.id)],
    // Unrated bots come last whichever way the ratings run: they have no place on the scale.
    rating: [
      sql`${bots.avgRating} ${sql.raw(query.sortOrder === 'asc' ? 'asc' : 'desc')} nulls last`,
      flip(bots.ratingCount),
      flip(bots.id),
    ],
    popular: [flip(bots.popularity), flip(bots.totalChats), flip(bots.id)],
  };
  if (query.scope === 'own' && filters.length === 1) {
    const name = `my_bots_${query.sortBy}_${query.sortOrder}`;
    let statement = ownPages.get(name);
    if (!statement) ownPages.set(name, (statement = ownPageStatement(name, order[query.sortBy])));
    const [answer] = await statement(db).execute({ userId, limit: query.limit, offset: (query.page - 1) * query.limit });
    return summaryPage(answer, query.page, query.limit);
  }
  return pageOf(db, and(...filters), order[query.sortBy], query.page, query.limit);
}

/** The caller's favorites that they can still see. */
export async function listFavoriteBots(db: Executor, userId: string, page: number, limit: number) {
  const where = and(
    sql`${bots.id} in (select ${botFavorites.botId} from ${botFavorites} where ${botFavorites.userId} = ${userId})`,
    or(eq(bots.createdBy, userId), and(eq(bots.isActive, true), inArray(bots.visibility, ['public', 'unlisted']))),
  );
  return pageOf(db, where, [desc(bots.updatedAt), desc(bots.id)], page, limit);
}

/** The whole bot as GET /api/bots/{id} answers it, for this caller. */
export async function getBotView(db: Executor, bot: BotRow, role: CollaboratorRole | null, viewerId: string | null): Promise<Bot> {
  const [[category], [creator], favorite] = await Promise.all([
    db.select(summaryColumns.category).from(categories).where(eq(categories.id, bot.categoryId)).limit(1),
    db.select(summaryColumns.creator).from(users).where(eq(users.id, bot.createdBy)).limit(1),
    viewerId
      ? db
          .select({ botId: botFavorites.botId })
          .from(botFavorites)
          .where(and(eq(botFavorites.userId, viewerId), eq(botFavorites.botId, bot.id)))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return {
    ...toSummary({ bot, category: category ?? null, creator: creator! }),
    personality: bot.personality,
    scenario: bot.scenario,
    firstMessage: bot.firstMessage,
    exampleMessages: bot.exampleMessages,
    systemPrompt: bot.systemPrompt,
    postHistoryInstructions: bot.postHistoryInstructions,
    creatorNotes: bot.creatorNotes,
    alternateGreetings: bot.alternateGreetings,
    voiceId: bot.voiceId,
    settings: withDefaultSettings(bot.settings),
    costs: withDefaultCosts(bot.costs),
    sexuality: bot.sexuality,
    gender: bot.gender,
    openness: bot.openness,
    emotions: bot.emotions,
    imageGeneration: bot.imageGeneration,
    videoGeneration: bot.videoGeneration,
    characterBook: bot.characterBook ?? null,
    extensions: bot.extensions,
    myRole: role,
    favorited: favorite.length > 0,
  };
}

/** The columns that the editable fields set (a full create, or the subset a PATCH gives). */
export function fieldColumns(fields: Partial<BotFields>, current?: Pick<BotRow, 'name' | 'description' | 'tags' | 'settings' | 'costs'>) {
  const columns: Partial<typeof bots.$inferInsert> = {};
  const copy = [
    'name',
    'description',
    'personality',
    'scenario',
    'firstMessage',
    'exampleMessages',
    'systemPrompt',
    'postHistoryInstructions',
    'creatorNotes',
    'alternateGreetings',
    'tags',
    'visibility',
    'nsfw',
    'avatarUrl',
    'voiceId',
    'sexuality',
    'gender',
    'openness',
    'emotions',
    'imageGeneration',
    'videoGeneration',
    'characterBook',
    'extensions',
  ] as const;
  for (const key of copy) if (fields[key] !== undefined) (columns as Record<string, unknown>)[key] = fields[key];
  if (fields.category !== undefined) columns.categoryId = fields.category;
  // Settings and costs merge: a PATCH of one slider keeps the others.
  if (fields.settings !== undefined) columns.settings = { ...withDefaultSettings(current?.settings), ...fields.settings };
  if (fields.costs !== undefined) columns.costs = { ...withDefaultCosts(current?.costs), ...fields.costs };
  if (fields.name !== undefined || fields.description !== undefined || fields.tags !== undefined) {
    Object.assign(
      columns,
      searchColumns({
        name: fields.name ?? current?.name ?? '',
        description: fields.description ?? current?.description ?? '',
        tags: fields.tags ?? current?.tags ?? [],
      }),
    );
  }
  return columns;
}

export async function assertCategory(db: Executor, id: string | undefined) {
  if (id === undefined) return;
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  if (!row) throw badRequest('Unknown category', 'category');
}

/** Creates a bot owned by `ownerId` from validated fields. */
export async function insertBot(
  db: Executor,
  ownerId: string,
  fields: BotFields,
  extra: Partial<
    Pick<
      typeof bots.$inferInsert,
      | 'cardSource'
      | 'totalChats'
      | 'totalMessages'
      | 'totalImagesGenerated'
      | 'totalVideosGenerated'
      | 'avgRating'
      | 'ratingCount'
      | 'popularity'
    >
  > & {
    cardSource?: CardSource | null;
  } = {},
): Promise<BotRow> {
  await assertCategory(db, fields.category);
  const columns = fieldColumns(fields) as typeof bots.$inferInsert;
  // §9's image and video defaults under whatever the payload sets.
  columns.imageGeneration = { ...DEFAULT_IMAGE_GENERATION, ...fields.imageGeneration };
  columns.videoGeneration = { ...DEFAULT_VIDEO_GENERATION, ...fields.videoGeneration };
  const [row] = await db
    .insert(bots)
    .values({ ...columns, ...extra, createdBy: ownerId })
    .returning();
  return row!;
}

/**
 * Creates many bots of `ownerId` in one statement (a folder import), each from validated fields,
 * with the ids given (so that the caller knows which row is which). Answers the rows in order.
 */
export async function insertBots(
  db: Executor,
  ownerId: string,
  items: { id: string; fields: BotFields; cardSource: CardSource | null }[],
): Promise<BotRow[]> {
  for (const category of new Set(items.map((i) => i.fields.category))) await assertCategory(db, category);
  const rows = await db
    .insert(bots)
    .values(
      items.map(({ id, fields, cardSource }) => ({
        ...(fieldColumns(fields) as typeof bots.$inferInsert),
        imageGeneration: { ...DEFAULT_IMAGE_GENERATION, ...fields.imageGeneration },
        videoGeneration: { ...DEFAULT_VIDEO_GENERATION, ...fields.videoGeneration },
        id,
        cardSource,
        createdBy: ownerId,
      })),
    )
    .returning();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return items.map((i) => byId.get(i.id)!);
}

/** Applies a validated PATCH; answers the updated row. */
export async function updateBotFields(db: Executor, current: BotRow, fields: Partial<BotFields>): Promise<BotRow> {
  await assertCategory(db, fields.category);
  const [row] = await db
    .update(bots)
    .set({ ...fieldColumns(fields, current), updatedAt: new Date() })
    .where(eq(bots.id, current.id))
    .returning();
  return row!;
}

/** The editable fields of a row: a version snapshot, a clone, an export. */
export function fieldsOf(bot: BotRow): BotFields {
  return {
    name: bot.name,
    description: bot.description,
    personality: bot.personality,
    scenario: bot.scenario,
    firstMessage: bot.firstMessage,
    exampleMessages: bot.exampleMessages,
    systemPrompt: bot.systemPrompt,
    postHistoryInstructions: bot.postHistoryInstructions,
    creatorNotes: bot.creatorNotes,
    alternateGreetings: bot.alternateGreetings,
    tags: bot.tags,
    category: bot.categoryId,
    visibility: bot.visibility,
    nsfw: bot.nsfw,
    avatarUrl: bot.avatarUrl,
    voiceId: bot.voiceId,
    settings: withDefaultSettings(bot.settings),
    costs: withDefaultCosts(bot.costs),
    sexuality: bot.sexuality,
    gender: bot.gender,
    openness: bot.openness,
    emotions: bot.emotions,
    imageGeneration: bot.imageGeneration,
    videoGeneration: bot.videoGeneration,
    characterBook: bot.characterBook ?? null,
    extensions: bot.extensions,
  };
}
