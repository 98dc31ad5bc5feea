/** Texts of pricing that the server answers with. */
export const PRICING_MESSAGES = {
  /** bots-header-auth.md §5: a pricing config that breaks the rules is refused with this text. */
  invalid: 'Невалидная конфигурация ценообразования',
} as const;
