// Intl formatters are costly to build (locale data is resolved each time, about a millisecond on a
// slow phone) and a list of cards asks for the same few again and again: build each once.
const numberFormats = new Map<string, Intl.NumberFormat>();
const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** `new Intl.NumberFormat(language, options)`, built once per language and options. */
export function numberFormat(language: string | undefined, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language ?? ''}|${options ? JSON.stringify(options) : ''}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(language, options)));
  return format;
}

/** `new Intl.RelativeTimeFormat(language, { numeric: 'auto' })`, built once per language. */
export function relativeTimeFormat(language: string): Intl.RelativeTimeFormat {
  let format = relativeTimeFormats.get(language);
  if (!format) relativeTimeFormats.set(language, (format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' })));
  return format;
}

/** `new Intl.DateTimeFormat(language, options)`, built once per language and options. */
export function dateTimeFormat(language: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${options ? JSON.stringify(options) : ''}`;
  let format = dateTimeFormats.get(key);
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(language, options)));
  return format;
}
