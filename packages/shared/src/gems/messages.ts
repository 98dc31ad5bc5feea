/** Texts of the gem economy that the server answers with (the web app has its own translations). */
export const GEM_MESSAGES = {
  insufficientGems: 'Not enough gems',
  /** gamification.md §5, §8: the message of a failed gem purchase. */
  purchaseFailed: 'Ошибка при покупке Gems',
} as const;
