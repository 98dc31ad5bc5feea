import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS } from '@app/shared/gamification/achievements';
import { RANKS } from '@app/shared/gamification/levels';
import { QUESTS } from '@app/shared/gamification/quests';
import { CATALOGUE_TEXTS_RU as ru } from '@app/shared/gamification/texts-ru';

describe("the catalogue's texts in Russian (@app/shared/gamification/texts-ru)", () => {
  it('every achievement, quest, objective, rank and perk text the server sends has a translation', () => {
    const texts = [
      ...ACHIEVEMENTS.flatMap((a) => [a.name, a.description]),
      ...QUESTS.flatMap((q) => [q.name, q.description, ...q.objectives.map((o) => o.description)]),
      ...RANKS.flatMap((r) => [r.name, ...r.perks.map((p) => p.description)]),
    ];
    expect(texts.filter((text) => !ru[text])).toEqual([]);
  });
});
