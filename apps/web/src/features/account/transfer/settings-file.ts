import { ZSettingsImportBody, type SettingsImportBody } from '@app/shared/account/schemas';
import { SETTINGS_ERROR_CODES, SETTINGS_MESSAGES } from '@app/shared/settings/messages';
import { ApiRequestError } from '@/lib/api-client';

/** The import error of §5, for a file that is not JSON or not a settings file. */
export const importError = () => new ApiRequestError(400, SETTINGS_ERROR_CODES.IMPORT_ERROR, SETTINGS_MESSAGES.importFailed);

/**
 * A chosen file read as a settings file, checked here first so that a wrong file fails at once
 * with the spec's message (the server checks it again).
 * @example parseSettingsFile('{"version":"1.0","settings":{}}') // → { version: '1.0', settings: {} }
 */
export function parseSettingsFile(text: string): SettingsImportBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw importError();
  }
  const parsed = ZSettingsImportBody.safeParse(json);
  if (!parsed.success) throw importError();
  return parsed.data;
}
