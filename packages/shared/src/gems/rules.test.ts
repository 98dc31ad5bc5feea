import { describe, expect, it } from 'vitest';
import { GEM_PACKAGES, gemBalanceTone, gemsForCost, recommendPackage, type GemPackage } from './rules';

describe('gemsForCost', () => {
  it.each([
    [0, 0],
    [0.01, 1],
    [0.011, 2],
    [0.37, 37],
    [0.57, 57],
    [1.1, 110],
    [2.3, 230],
    [4.35, 435],
    [79.99, 7999],
  ])('$%d costs %i gems (ceil, without binary-fraction errors)', (cost, gems) => {
    expect(gemsForCost(cost)).toBe(gems);
  });
});

describe('recommendPackage', () => {
  it.each([
    [1, 'starter'],
    [500, 'starter'],
    [501, 'popular'],
    [1200, 'popular'],
    [2500, 'value'],
    [5501, 'ultimate'],
    [12000, 'ultimate'],
    [12001, 'ultimate'],
  ])('for %i gems suggests %s', (gems, id) => {
    expect(recommendPackage(gems).id).toBe(id);
  });

  it('among sufficient packages of the same size, takes the most gems per dollar; the largest when none suffices', () => {
    const packs: GemPackage[] = [
      { id: 'dear', name: 'Dear', gems: 1000, priceEur: 12, discount: 0, isPopular: false },
      { id: 'cheap', name: 'Cheap', gems: 1000, priceEur: 9, discount: 0, isPopular: false },
      { id: 'small', name: 'Small', gems: 100, priceEur: 1, discount: 0, isPopular: false },
    ];
    expect(recommendPackage(200, packs).id).toBe('cheap');
    expect(recommendPackage(50, packs).id).toBe('small');
    expect(recommendPackage(5000, packs).id).toBe('cheap');
  });

  it("the spec's packages: five, ordered by size, one popular", () => {
    expect(GEM_PACKAGES.map((p) => p.id)).toEqual(['starter', 'popular', 'value', 'premium', 'ultimate']);
    expect(GEM_PACKAGES.filter((p) => p.isPopular).map((p) => p.id)).toEqual(['popular']);
  });
});

describe('gemBalanceTone', () => {
  it.each([
    [0, 'red'],
    [99, 'red'],
    [100, 'yellow'],
    [999, 'yellow'],
    [1000, 'green'],
  ] as const)('%i gems are %s', (balance, tone) => {
    expect(gemBalanceTone(balance)).toBe(tone);
  });
});
