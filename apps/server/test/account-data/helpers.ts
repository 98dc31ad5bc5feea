import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Session } from '@app/shared/auth/schemas';
import { createTestApp, type TestApp } from '../helpers/app';

/** A test app with a data folder of its own (exports and avatars land there), removed on close. */
export async function createDataTestApp(): Promise<TestApp & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-settings-test-'));
  const t = await createTestApp({ env: { DATA_DIR: dataDir, OFFLINE_WORD_DELAY_MS: '0' } });
  return {
    ...t,
    dataDir,
    async close() {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls the API as `session` (or anonymously with null); a string payload is sent as raw JSON. */
export function as(
  t: TestApp,
  session: Pick<Session, 'accessToken'> | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object | string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(session ? t.bearer(session) : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
}
