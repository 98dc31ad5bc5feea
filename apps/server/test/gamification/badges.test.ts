import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/shared/auth/schemas';
import { userBadges } from '../../src/db/schema/gamification';
import { createTestApp, errorOf, type TestApp } from '../helpers/app';
import { call } from '../bots/helpers';

describe('badges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const give = (s: Session, ...ids: string[]) =>
    t.app.ctx.db.insert(userBadges).values(ids.map((badgeId) => ({ userId: s.user.id, badgeId, source: 'test' })));
  const equip = (s: Session, id: string) => call(t, s, 'POST', `/api/gamification/badges/${id}/equip`);
  const list = async (s: Session) =>
    ((await call(t, s, 'GET', '/api/gamification/user/badges')).json() as { items: { badgeId: string; equipped: boolean }[] }).items;

  it('equips up to three owned badges; a fourth is 409 until one is taken off', async () => {
    const u = await t.signup();
    await give(u, 'a', 'b', 'c', 'd');
    for (const id of ['a', 'b', 'c']) expect((await equip(u, id)).json()).toMatchObject({ badgeId: id, equipped: true });
    expect((await equip(u, 'a')).statusCode).toBe(200); // equipping an equipped one changes nothing
    const fourth = await equip(u, 'd');
    expect([fourth.statusCode, errorOf(fourth).code]).toEqual([409, 'BADGE_LIMIT']);
    expect((await call(t, u, 'DELETE', '/api/gamification/badges/b/equip')).json()).toMatchObject({ badgeId: 'b', equipped: false });
    expect((await equip(u, 'd')).statusCode).toBe(200);
    expect(
      (await list(u))
        .filter((b) => b.equipped)
        .map((b) => b.badgeId)
        .sort(),
    ).toEqual(['a', 'c', 'd']);
  });

  it("a badge not owned, or another user's, is 404", async () => {
    const [u, other] = [await t.signup(), await t.signup()];
    await give(other, 'theirs');
    expect((await equip(u, 'theirs')).statusCode).toBe(404);
    expect((await equip(u, 'nothing')).statusCode).toBe(404);
    expect((await equip(u, 'Bad Id!')).statusCode).toBe(400);
    expect((await list(other))[0]).toMatchObject({ badgeId: 'theirs', equipped: false });
  });

  it('ten equips at once leave exactly three equipped', async () => {
    const u = await t.signup();
    const ids = Array.from({ length: 10 }, (_, i) => `b${i}`);
    await give(u, ...ids);
    const answers = await Promise.all(ids.map((id) => equip(u, id)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect((await list(u)).filter((b) => b.equipped)).toHaveLength(3);
  });
});
