/** Business constants of bots-header-auth.md §9, shared by the form, the server and the seeds. */

export const BOT_LIMITS = {
  nameMax: 50,
  descriptionMin: 10,
  descriptionMax: 500,
  /** Long fields: room for a whole Character Card definition, bounded so a row stays small. */
  personalityMax: 20_000,
  scenarioMax: 10_000,
  firstMessageMax: 10_000,
  exampleMessagesMax: 20_000,
  systemPromptMax: 10_000,
  creatorNotesMax: 10_000,
  alternateGreetingsMax: 20,
  tagsMax: 20,
  tagMax: 40,
  temperature: { min: 0, max: 2, step: 0.1 },
  maxTokens: { min: 100, max: 4000, step: 100 },
  topP: { min: 0, max: 1, step: 0.05 },
  penalty: { min: -2, max: 2, step: 0.1 },
  contextLength: { min: 1, max: 100 },
  changelogMax: 500,
  reportDescriptionMax: 1000,
  bulkMax: 100,
} as const;

export const RESPONSE_STYLES = ['concise', 'balanced', 'detailed'] as const;
export type ResponseStyle = (typeof RESPONSE_STYLES)[number];

export const DEFAULT_FIRST_MESSAGE = 'Hello! How can I help you today?';
export const DEFAULT_CATEGORY_ID = 'general';

export const DEFAULT_BOT_SETTINGS = {
  temperature: 0.7,
  maxTokens: 1000,
  topP: 0.9,
  frequencyPenalty: 0,
  presencePenalty: 0,
  responseStyle: 'balanced' as ResponseStyle,
  allowVoice: false,
  allowImages: false,
  allowVideos: false,
  memoryEnabled: true,
  contextLength: 10,
};

export const DEFAULT_BOT_COSTS = { textMessage: 1, imageGeneration: 5, videoGeneration: 20 };

export const DEFAULT_IMAGE_GENERATION = {
  enabled: false,
  style: 'Cinematic',
  filter: 'none',
  emotion: 'neutral',
  quality: 'Ultra',
  creativity: 50,
  image_size: '512x768',
  detail: 50,
  restore_faces: false,
  age_slider: 25,
  weight_slider: 50,
  breast_slider: 50,
  ass_slider: 50,
  negative_prompt: '',
  seed: -1,
};

export const DEFAULT_VIDEO_GENERATION = { enabled: false, quality: 'Standard', aspect: 'Portrait', audioEnabled: false, age_slider: 25 };

/** Popularity = min(100, 0.1*chats + 0.01*messages + 0.2*images + 0.5*videos) (§9). */
export function popularity(stats: {
  totalChats: number;
  totalMessages: number;
  totalImagesGenerated?: number;
  totalVideosGenerated?: number;
}) {
  const raw =
    0.1 * stats.totalChats + 0.01 * stats.totalMessages + 0.2 * (stats.totalImagesGenerated ?? 0) + 0.5 * (stats.totalVideosGenerated ?? 0);
  return Math.min(100, Math.round(raw * 100) / 100);
}

/** The card shows 4.5 when a bot has no rating yet (§9). */
export const DEFAULT_CARD_RATING = 4.5;

/** My Bots sort options, in the order the menu shows them; the first is the default. */
export const MY_BOTS_SORTS = ['newest', 'updated', 'name', 'rating', 'popular'] as const;
export type MyBotsSort = (typeof MY_BOTS_SORTS)[number];

/** Explore sort options. */
export const PUBLIC_BOTS_SORTS = ['popular', 'newest', 'rating'] as const;
export type PublicBotsSort = (typeof PUBLIC_BOTS_SORTS)[number];

export const COLLABORATOR_ROLES = ['owner', 'editor', 'viewer'] as const;
export type CollaboratorRole = (typeof COLLABORATOR_ROLES)[number];
/** Roles an invite may give; the owner is the bot's creator and no one else. */
export const INVITE_ROLES = ['editor', 'viewer'] as const;
export const ROLE_PERMISSIONS: Record<CollaboratorRole, ('read' | 'write' | 'admin')[]> = {
  owner: ['read', 'write', 'admin'],
  editor: ['read', 'write'],
  viewer: ['read'],
};

export const MODERATION_TYPES = ['publish', 'content', 'appeal'] as const;
export const REPORT_REASONS = ['inappropriate', 'spam', 'copyright', 'harassment', 'misleading', 'other'] as const;
export const DEPLOY_PLATFORMS = ['web', 'telegram', 'discord', 'api'] as const;
export const EXPORT_FORMATS = ['json', 'yaml', 'png'] as const;

/** Avatar uploads (§2: 512x512, max 2MB). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE_PX = 512;
/** Imports: a card PNG with a large portrait stays well under this. */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
