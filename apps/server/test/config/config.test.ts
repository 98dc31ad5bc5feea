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

  it('payments: Stripe with its key; otherwise the sandbox outside production, off in production unless PAYMENTS_SANDBOX=true', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadConfig({}).payments).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'test' }).payments).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production' }).payments).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' }).payments).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'false' }).payments).toBe('off');
    expect(loadConfig({ PAYMENTS_SANDBOX: 'false' }).payments).toBe('off');
    expect(loadConfig({ PAYMENTS_SANDBOX: 'true' }).payments).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production', ...stripe }).payments).toBe('stripe');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true', ...stripe }).payments).toBe('stripe');
    expect(() => loadConfig({ PAYMENTS_SANDBOX: 'maybe' })).toThrow(/PAYMENTS_SANDBOX/);
  });

  it('hashes new passwords with argon2id at 64 MiB and 3 passes unless told, and refuses a cost below 1 MiB', () => {
    expect(loadConfig({}).passwordHashing).toEqual({ memoryCost: 65_536, timeCost: 3 });
    expect(loadConfig({ PASSWORD_HASH_MEMORY_KIB: '4096', PASSWORD_HASH_TIME_COST: '1' }).passwordHashing).toEqual({
      memoryCost: 4096,
      timeCost: 1,
    });
    expect(() => loadConfig({ PASSWORD_HASH_MEMORY_KIB: '512' })).toThrow(/PASSWORD_HASH_MEMORY_KIB/);
    expect(() => loadConfig({ PASSWORD_HASH_TIME_COST: '0' })).toThrow(/PASSWORD_HASH_TIME_COST/);
  });
});
