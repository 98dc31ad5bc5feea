import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

describe('loadConfig', () => {
  it('prefixes Redis keys with charachat: unless REDIS_PREFIX names another prefix', () => {
    expect(loadConfig({}).redisPrefix).toBe('charachat:');
    expect(loadConfig({ REDIS_PREFIX: 'staging:' }).redisPrefix).toBe('staging:');
  });

  it('refuses a prefix with spaces or wildcards, naming the setting', () => {
    expect(() => loadConfig({ REDIS_PREFIX: 'a b*' })).toThrow(/REDIS_PREFIX/);
  });

  it('refuses a Stripe key without its webhook secret', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
