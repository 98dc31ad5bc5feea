/** A price in major units as the user's language writes it: €9.99, 9,99 €. */
export const formatMoney = (amount: number, currency: string, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() }).format(amount);

/** A date without the time: 12 March 2027. */
export const formatDate = (iso: string, language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
