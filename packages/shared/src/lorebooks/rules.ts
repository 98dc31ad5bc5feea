/**
 * Lorebooks (issue 20 §1, decision 030): the limits of a book and its entries. A book of 1,000
 * entries is the size the activation is measured at; SillyTavern's biggest shared worlds hold a few
 * hundred.
 */
export const LORE_LIMITS = {
  bookName: 100,
  description: 2_000,
  entries: 2_000,
  name: 200,
  keys: 100,
  key: 500,
  content: 20_000,
  maxId: 2_147_483_647,
  maxOrder: 1_000_000,
  maxDepth: 1_000,
  /** Lorebooks a chat may have attached (besides its bot's). */
  perChat: 10,
} as const;

/** Texts of the lorebooks that the server answers with (the web app translates them). */
export const LORE_MESSAGES = {
  wholeNumber: 'Must be a whole number of 0 or more',
  nameTooLong: 'The name is too long',
  bookNameRequired: 'Give the lorebook a name',
  descriptionTooLong: 'The description is too long',
  keyTooLong: 'A key is too long',
  tooDeep: 'The lorebook nests its data more than 64 levels deep',
  /** A `/regex/` key that the linear-time engine can't run (decision 036). */
  regexNotSupported: 'This regular expression uses a lookaround or a backreference, which keys can’t use: write it without them',
  tooManyKeys: 'Too many keys',
  contentTooLong: 'The content is too long',
  orderRange: 'The order is out of range',
  depthRange: 'The depth is out of range',
  budgetRange: 'The budget is a share of the context from 1 to 100 percent',
  tooManyEntries: 'Too many entries',
  duplicateId: 'Two entries have the same id',
  nothingToChange: 'Nothing to change',
  notFound: 'Lorebook not found',
  notAFile: 'This is not a lorebook file SillyTavern or a character card writes',
  chatLimit: 'A chat can have at most 10 lorebooks',
} as const;
