import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import type { Backup, Preset } from '@app/shared/account/schemas';
import { settingsSnapshots } from '../../src/db/schema/settings';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/auth';
import { as } from './helpers';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('account settings: backups and presets', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signup();
    bob = await t.signup();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('backups', () => {
    it('creates, lists newest first, restores the settings to import, and deletes', async () => {
      const first = await as(t, alice, 'POST', '/api/user/settings/backups', {
        name: ' Before trip ',
        data: { appearance: { theme: 'dark' } },
      });
      expect(first.statusCode, first.body).toBe(201);
      const a = first.json() as Backup;
      expect(a).toMatchObject({ name: 'Before trip', data: { appearance: { theme: 'dark' } } });
      const b = (
        await as(t, alice, 'POST', '/api/user/settings/backups', { name: 'Second', data: { data: { allowAnalytics: false } } })
      ).json() as Backup;

      const list = (await as(t, alice, 'GET', '/api/user/settings/backups')).json() as { items: Backup[] };
      expect(list.items.map((x) => x.id)).toEqual([b.id, a.id]);
      expect((await as(t, bob, 'GET', '/api/user/settings/backups')).json()).toEqual({ items: [] });

      const restored = await as(t, alice, 'POST', `/api/user/settings/backups/${a.id}/restore`);
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toStrictEqual({ version: '1.0', settings: { appearance: { theme: 'dark' } } });
      // Restoring only answers; the client imports (§4), and that import applies it.
      expect((await as(t, alice, 'GET', '/api/user/settings/appearance')).json()).toMatchObject({ theme: 'system' });
      const imported = await as(t, alice, 'POST', '/api/user/settings/import', restored.json());
      expect(imported.json()).toMatchObject({ appearance: { theme: 'dark' } });

      expect((await as(t, alice, 'DELETE', `/api/user/settings/backups/${a.id}`)).statusCode).toBe(204);
      expect(((await as(t, alice, 'GET', '/api/user/settings/backups')).json() as { items: Backup[] }).items.map((x) => x.id)).toEqual([
        b.id,
      ]);
      expectError(await as(t, alice, 'DELETE', `/api/user/settings/backups/${a.id}`), 404, 'NOT_FOUND', 'Backup not found');
    });

    it("answers 404 for another user's backups and changes nothing", async () => {
      const mine = (await as(t, alice, 'POST', '/api/user/settings/backups', { name: 'Mine', data: {} })).json() as Backup;
      expectError(await as(t, bob, 'POST', `/api/user/settings/backups/${mine.id}/restore`), 404, 'NOT_FOUND');
      expectError(await as(t, bob, 'DELETE', `/api/user/settings/backups/${mine.id}`), 404, 'NOT_FOUND');
      expectError(await as(t, alice, 'POST', `/api/user/settings/backups/${MISSING}/restore`), 404, 'NOT_FOUND');
      expectError(await as(t, alice, 'POST', '/api/user/settings/backups/not-an-id/restore'), 404, 'NOT_FOUND');
      const ids = ((await as(t, alice, 'GET', '/api/user/settings/backups')).json() as { items: Backup[] }).items.map((x) => x.id);
      expect(ids).toContain(mine.id);
      // A preset id is not a backup.
      const preset = (await as(t, alice, 'POST', '/api/user/settings/presets', { name: 'P', data: {} })).json() as Preset;
      expectError(await as(t, alice, 'POST', `/api/user/settings/backups/${preset.id}/restore`), 404, 'NOT_FOUND');
      expectError(await as(t, null, 'GET', '/api/user/settings/backups'), 401, 'UNAUTHORIZED');
    });

    it('refuses bad names and settings data', async () => {
      const bad: [unknown, string?][] = [
        [{ name: '', data: {} }, 'Name is required'],
        [{ name: '   ', data: {} }, 'Name is required'],
        [{ name: 'x'.repeat(61), data: {} }, 'Name must be at most 60 characters'],
        [{ data: {} }],
        [{ name: 'A' }],
        [{ name: 'A', data: { appearance: { theme: 'purple' } } }],
        [{ name: 'A', data: { security: {} } }],
        [{ name: 'A', data: {}, extra: true }],
      ];
      const before = ((await as(t, bob, 'GET', '/api/user/settings/backups')).json() as { items: Backup[] }).items.length;
      for (const [body, message] of bad) {
        expectError(await as(t, bob, 'POST', '/api/user/settings/backups', body as object), 400, 'VALIDATION_ERROR', message);
        expectError(await as(t, bob, 'POST', '/api/user/settings/presets', body as object), 400, 'VALIDATION_ERROR', message);
      }
      expect(((await as(t, bob, 'GET', '/api/user/settings/backups')).json() as { items: Backup[] }).items).toHaveLength(before);
    });

    it('keeps at most 50 backups per user, also under concurrent saves', async () => {
      const user = await t.signup();
      await t.database.db
        .insert(settingsSnapshots)
        .values(Array.from({ length: 48 }, (_, i) => ({ userId: user.user.id, kind: 'backup' as const, name: `b${i}`, data: {} })));
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) => as(t, user, 'POST', '/api/user/settings/backups', { name: `c${i}`, data: {} })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
      expectError(
        results.find((r) => r.statusCode === 409)!,
        409,
        'LIMIT_REACHED',
        'You can keep at most 50 backups. Delete one first.',
      );
      expect(((await as(t, user, 'GET', '/api/user/settings/backups')).json() as { items: Backup[] }).items).toHaveLength(50);
      // Presets have a limit of their own.
      expect((await as(t, user, 'POST', '/api/user/settings/presets', { name: 'p', data: {} })).statusCode).toBe(201);
    });
  });

  describe('presets', () => {
    it('lists the built-in presets then the caller’s own; applying answers the settings to import', async () => {
      const user = await t.signup();
      const initial = (await as(t, user, 'GET', '/api/user/settings/presets')).json() as { items: Preset[] };
      expect(initial.items.map((p) => [p.id, p.name, p.builtIn])).toEqual([
        ['builtin-defaults', 'Defaults', true],
        ['builtin-privacy-first', 'Privacy first', true],
        ['builtin-quiet', 'Quiet', true],
        ['builtin-accessible', 'Accessible', true],
      ]);
      const mine = await as(t, user, 'POST', '/api/user/settings/presets', { name: 'Night owl', data: { appearance: { theme: 'dark' } } });
      expect(mine.statusCode).toBe(201);
      const preset = mine.json() as Preset;
      expect(preset).toMatchObject({ name: 'Night owl', builtIn: false, description: '' });
      const listed = (await as(t, user, 'GET', '/api/user/settings/presets')).json() as { items: Preset[] };
      expect(listed.items.map((p) => p.id)).toEqual([...initial.items.map((p) => p.id), preset.id]);

      const applied = await as(t, user, 'POST', `/api/user/settings/presets/${preset.id}/apply`);
      expect(applied.json()).toStrictEqual({ version: '1.0', settings: { appearance: { theme: 'dark' } } });

      const accessible = (await as(t, user, 'POST', '/api/user/settings/presets/builtin-accessible/apply')).json();
      const imported = await as(t, user, 'POST', '/api/user/settings/import', accessible);
      expect(imported.json()).toMatchObject({ appearance: { fontSize: 'large', showAnimations: false, compactMode: false } });

      // Defaults applied through import bring every section back to the spec defaults.
      const defaults = (await as(t, user, 'POST', '/api/user/settings/presets/builtin-defaults/apply')).json();
      const reset = (await as(t, user, 'POST', '/api/user/settings/import', defaults)).json();
      expect(reset.appearance).toStrictEqual({
        theme: 'system',
        language: 'en',
        fontSize: 'medium',
        compactMode: false,
        showAnimations: true,
      });
    });

    it('every built-in preset imports cleanly', async () => {
      const user = await t.signup();
      const { items } = (await as(t, user, 'GET', '/api/user/settings/presets')).json() as { items: Preset[] };
      for (const p of items) {
        const file = (await as(t, user, 'POST', `/api/user/settings/presets/${p.id}/apply`)).json();
        const res = await as(t, user, 'POST', '/api/user/settings/import', file);
        expect(res.statusCode, `${p.id}: ${res.body}`).toBe(200);
      }
    });

    it("built-in presets cannot be deleted (403); another user's are not found (404)", async () => {
      const mine = (await as(t, alice, 'POST', '/api/user/settings/presets', { name: 'Alice only', data: {} })).json() as Preset;
      expectError(
        await as(t, alice, 'DELETE', '/api/user/settings/presets/builtin-quiet'),
        403,
        'FORBIDDEN',
        'Built-in presets cannot be deleted',
      );
      expectError(await as(t, alice, 'DELETE', '/api/user/settings/presets/builtin-unknown'), 404, 'NOT_FOUND');
      expectError(await as(t, bob, 'POST', `/api/user/settings/presets/${mine.id}/apply`), 404, 'NOT_FOUND', 'Preset not found');
      expectError(await as(t, bob, 'DELETE', `/api/user/settings/presets/${mine.id}`), 404, 'NOT_FOUND');
      expect(((await as(t, bob, 'GET', '/api/user/settings/presets')).json() as { items: Preset[] }).items.map((p) => p.id)).not.toContain(
        mine.id,
      );
      expectError(await as(t, alice, 'POST', `/api/user/settings/presets/${MISSING}/apply`), 404, 'NOT_FOUND');
      expect((await as(t, alice, 'DELETE', `/api/user/settings/presets/${mine.id}`)).statusCode).toBe(204);
      expectError(await as(t, alice, 'POST', `/api/user/settings/presets/${mine.id}/apply`), 404, 'NOT_FOUND');
      expectError(await as(t, null, 'GET', '/api/user/settings/presets'), 401, 'UNAUTHORIZED');
    });
  });
});
