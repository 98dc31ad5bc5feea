/**
 * Moving in from SillyTavern (issue 20 §5): one upload of a user data folder (a .zip, or its files)
 * becomes characters, chats, group chats, lorebooks and personas, in a job that reports as it goes.
 */
export const IMPORT_LIMITS = {
  /** One upload: a zip of a data folder, or its files together. */
  maxBytes: 256 * 1024 * 1024,
  /** Files sent without a zip, in one request. */
  maxFiles: 10_000,
  /** Files a folder may hold that the import looks at (the rest of the folder is left alone). */
  maxEntries: 50_000,
  /** One file inside the folder, unpacked: a card, a chat, a world, settings.json. */
  maxFileBytes: 64 * 1024 * 1024,
  /** All the files the import reads, unpacked (a zip's files may inflate far past the upload). */
  maxUnpackedBytes: 1024 * 1024 * 1024,
  /** Alternatives (swipes) of one message, and the characters of one message's text. */
  maxSwipes: 100,
  maxMessageChars: 100_000,
  /** Messages of one imported chat (a longer one is skipped and reported). */
  maxMessages: 100_000,
  /** Imports a user may have at once (queued or running): one, so that one user's imports never run side by side (decision 036). */
  activePerUser: 1,
} as const;

/** Texts the server answers with (the web app translates them). */
export const IMPORT_MESSAGES = {
  fileRequired: 'Choose a .zip of your SillyTavern data folder, or files from it',
  tooLarge: 'The upload is larger than 256 MB: send the folder in parts',
  tooManyFiles: 'Send at most 10,000 files at once, or a .zip of the folder',
  tooManyInZip: 'The zip holds more than 50,000 files: zip only data/default-user',
  tooLargeUnpacked: 'The folder unpacks to more than 1 GB: send it in parts',
  notAZip: 'This .zip could not be read',
  busy: 'Your last upload is still being received: wait for it to finish',
  nothingToImport: 'Nothing to import here: no characters, chats, lorebooks or settings.json of a SillyTavern folder',
  notFound: 'Import not found',
  tooManyActive: 'An import is already running: wait for it to finish',
  failed: 'The import stopped on an error; what it brought in so far is kept. Start it again to finish it.',
} as const;

/**
 * Why a file of the folder was skipped: the report says it per file, as a code (translated by
 * the web app) and an English reason.
 */
export const IMPORT_SKIP_REASONS = {
  unreadable: 'The file could not be read',
  notACard: 'No character card in this file',
  invalidCard: 'The character card is not valid',
  brokenChat: 'The chat file is broken: no message of it was imported',
  emptyChat: 'The chat has no messages',
  tooLong: 'The file is too large',
  tooSlow: 'The file took too long to read',
  unknownCharacter: 'The chat’s character is not in the folder nor among your characters',
  groupSize: 'A group chat needs 2 to 8 of its characters',
  notAWorld: 'Not a lorebook (world info) file',
  invalidWorld: 'The lorebook is over the limits',
  personaLimit: 'You have reached the limit of personas',
  unsupported: 'This file is not something the import reads',
} as const;
export type ImportSkipCode = keyof typeof IMPORT_SKIP_REASONS;
