/** A JSON object (not an array, not null): what a parsed file's fields are read from. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
