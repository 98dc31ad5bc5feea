import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA, ZDataPatch } from '@app/shared/account-data/settings';
import { changedChoices } from './data-form';

describe('changedChoices', () => {
  it('is empty when the draft equals what is saved', () => {
    expect(changedChoices(DEFAULT_DATA, { ...DEFAULT_DATA })).toEqual({});
  });

  it('holds only the changed keys, as a valid PATCH body', () => {
    const patch = changedChoices(DEFAULT_DATA, { ...DEFAULT_DATA, autoDeleteMessages: true, dataRetentionPeriod: '30d' });
    expect(patch).toEqual({ autoDeleteMessages: true, dataRetentionPeriod: '30d' });
    expect(ZDataPatch.safeParse(patch).success).toBe(true);
  });

  it('is empty again once a change is undone', () => {
    const saved = { ...DEFAULT_DATA, allowAnalytics: false };
    expect(changedChoices(saved, { ...saved, allowAnalytics: true })).toEqual({ allowAnalytics: true });
    expect(changedChoices(saved, { ...saved, allowAnalytics: false })).toEqual({});
  });
});
