/** Money (euros alone, decision 040) and numbers of the admin's economy screens, in the reader's language. */
export function formatters(language: string) {
  const eur = (n: number, max = 2) =>
    new Intl.NumberFormat(language, {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: Math.min(2, max),
      maximumFractionDigits: max,
    }).format(n);
  return {
    eur,
    /** Small costs (a token, one generation) keep their significant digits. */
    eurPrecise: (n: number) => eur(n, 6),
    number: (n: number) => new Intl.NumberFormat(language).format(n),
    percent: (n: number | null) => (n === null ? '—' : `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(n)} %`),
    day: (date: string) =>
      new Date(`${date}T00:00:00Z`).toLocaleDateString(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  };
}
