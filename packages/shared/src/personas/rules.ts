/**
 * Personas (issue 20 §2): who the user is in a chat, as SillyTavern's personas. `{{user}}` becomes
 * the persona's name and its description goes into the prompt. SillyTavern sets no limits; these
 * keep a prompt's share sane and a user's list short enough to pick from.
 */
export const PERSONA_LIMITS = {
  name: 100,
  description: 5_000,
  perUser: 50,
} as const;

/** Texts of the personas that the server answers with (the web app translates them). */
export const PERSONA_MESSAGES = {
  nameRequired: 'Give the persona a name',
  nameTooLong: "The persona's name is too long",
  descriptionTooLong: 'The description is too long',
  nothingToChange: 'Nothing to change',
  notFound: 'Persona not found',
  tooMany: 'You can have at most 50 personas',
  defaultRequired: 'One persona is always the default: make another one the default instead',
  avatarClearOnly: 'An avatar is uploaded; it can only be removed here (null)',
} as const;
