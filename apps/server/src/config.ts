import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the server reads, from the environment, checked once at start.
 * The README documents each one; keep the two in step.
 */
const boolish = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'letters, digits and . _ : - only, at most 64')
    .default('charachat:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: boolish.default(false),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: boolish.default(true),
  ADMIN_EMAIL: z.string().optional(),
  STARTING_TOKENS: z.coerce.number().int().min(0).default(100),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('CharaChat <no-reply@charachat.local>'),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_PROVIDER_NAME: z.string().default('SSO'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  LOGIN_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** The longest a sign-in from a new device waits while its account is under attack (decision 037). */
  LOGIN_MAX_DELAY_MS: z.coerce.number().int().min(0).max(30_000).default(3_000),
  SIGNUP_MAX_PER_IP: z.coerce.number().int().min(1).default(20),
  // argon2id's cost for new hashes (a hash keeps its own, so lowering it never locks anyone out).
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(1024).max(1_048_576).default(65_536),
  PASSWORD_HASH_TIME_COST: z.coerce.number().int().min(1).max(20).default(3),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How long an instance trusts a session it looked up without news of it (decision 024); 0 turns the cache off. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** How long an instance answers a leaderboard page from memory (decision 026); the caller's own place is always read. 0 turns it off. */
  LEADERBOARD_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  /** Pause between the words of the offline responder, so that it streams like a model (0 in tests). */
  OFFLINE_WORD_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(25),
  /** Webhooks may target loopback, private and link-local addresses (local development only). */
  WEBHOOK_ALLOW_PRIVATE: boolish.default(false),
  /** Web Push keys; unset, a pair is made once and kept in the database. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  /** How long a data export can be downloaded. */
  DATA_EXPORT_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** How often each instance looks for due jobs of the persisted queue. */
  JOB_POLL_MS: z.coerce.number().int().min(100).default(2000),
  /** The longest one file of a SillyTavern import may take to be read in the import's worker thread; a slower one is skipped. */
  IMPORT_FILE_TIME_LIMIT_MS: z.coerce.number().int().min(1).max(600_000).default(20_000),
  /** Lets callers other than loopback read /metrics with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().optional(),
  /** Payments through Stripe Checkout; unset, purchases go through the in-app sandbox checkout. */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** The signing secret of the webhook endpoint (whsec_…), which Stripe's events are checked against. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Another base for Stripe's API (a stand-in in tests), e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: z.url().optional(),
  /**
   * The in-app sandbox checkout, where no money moves, when Stripe is not configured. Unset: on
   * outside production, off in production (an operator who forgets the Stripe key must not give
   * every user free gems and tokens).
   */
  PAYMENTS_SANDBOX: boolish.optional(),
});

export type PaymentsMode = 'stripe' | 'sandbox' | 'off';

export interface Config {
  env: string;
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  dbPoolMax: number;
  redisUrl: string | undefined;
  /** Prefixes every Redis key, so that test runs and instances of other apps never collide. */
  redisPrefix: string;
  logLevel: string;
  trustProxy: boolean;
  webDist: string;
  seedDemo: boolean;
  adminEmail: string | undefined;
  startingTokens: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined; name: string } | null;
  /** An OpenAI-compatible chat completions API; null means the built-in offline responder. */
  llm: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | null;
  /** The longest a reply may stream, offline responder included (LLM_TIMEOUT_MS): then it fails. */
  replyTimeoutMs: number;
  offlineWordDelayMs: number;
  rateLimit: { max: number; windowMs: number };
  /**
   * Sign-in limits (decision 037): `maxPerAccount` wrong passwords per account and address, then
   * that address waits out the window; as many per account from unknown devices, then those are
   * slowed down (up to `maxDelayMs`); twice as many, and the owner gets a mail.
   */
  login: { maxPerAccount: number; maxPerIp: number; windowSeconds: number; signupMaxPerIp: number; maxDelayMs: number };
  refreshTokenTtlDays: number;
  /** How long a looked-up session is answered from this instance's memory (0: every request reads the database). */
  sessionCacheMs: number;
  /** How long a leaderboard page (its players) is answered from this instance's memory (0: read every time). */
  leaderboardPageCacheMs: number;
  /** Argon2 cost; tests lower it, production keeps the library's defaults. */
  passwordHashing: { memoryCost: number; timeCost: number };
  webhookAllowPrivate: boolean;
  avatarFetchTimeoutMs: number;
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  dataExportTtlHours: number;
  jobPollMs: number;
  /** The longest one file of a SillyTavern import may take to be read (IMPORT_FILE_TIME_LIMIT_MS; decision 036). */
  importFileTimeLimitMs: number;
  /** The bearer token for /metrics from other machines; undefined lets only loopback callers in. */
  metricsToken: string | undefined;
  /** Stripe, when STRIPE_SECRET_KEY is set; null means the sandbox checkout or no payments (see `payments`). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | null;
  /** How users pay: Stripe (STRIPE_SECRET_KEY), the in-app sandbox (PAYMENTS_SANDBOX), or not at all. */
  payments: PaymentsMode;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads the environment; throws a readable error naming the bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  // Without the webhook's secret no Stripe payment could ever be credited: refuse to start.
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (the whsec_… of the webhook endpoint)',
    );
  }
  const oidc =
    e.OIDC_ISSUER && e.OIDC_CLIENT_ID
      ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, name: e.OIDC_PROVIDER_NAME }
      : null;
  const publicHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${publicHost}:${e.PORT}`).replace(/\/$/, ''),
    // Unset: the repository's ./data, whichever folder the server was started from (npm start or npm run dev).
    dataDir: e.DATA_DIR ? path.resolve(e.DATA_DIR) : path.join(repoRoot, 'data'),
    databaseUrl: e.DATABASE_URL || undefined,
    dbPoolMax: e.DB_POOL_MAX,
    redisUrl: e.REDIS_URL || undefined,
    // Two deployments sharing one Redis keep apart by their prefix.
    redisPrefix: e.REDIS_PREFIX,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    seedDemo: e.SEED_DEMO,
    adminEmail: e.ADMIN_EMAIL?.trim().toLowerCase() || undefined,
    startingTokens: e.STARTING_TOKENS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    oidc,
    llm: e.LLM_BASE_URL
      ? {
          baseUrl: e.LLM_BASE_URL.replace(/\/$/, ''),
          apiKey: e.LLM_API_KEY || undefined,
          model: e.LLM_MODEL ?? 'gpt-4o-mini',
          timeoutMs: e.LLM_TIMEOUT_MS,
        }
      : null,
    replyTimeoutMs: e.LLM_TIMEOUT_MS,
    offlineWordDelayMs: e.OFFLINE_WORD_DELAY_MS,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    login: {
      maxPerAccount: e.LOGIN_MAX_PER_ACCOUNT,
      maxPerIp: e.LOGIN_MAX_PER_IP,
      windowSeconds: e.LOGIN_WINDOW_SECONDS,
      signupMaxPerIp: e.SIGNUP_MAX_PER_IP,
      maxDelayMs: e.LOGIN_MAX_DELAY_MS,
    },
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    leaderboardPageCacheMs: e.LEADERBOARD_PAGE_CACHE_MS,
    passwordHashing: { memoryCost: e.PASSWORD_HASH_MEMORY_KIB, timeCost: e.PASSWORD_HASH_TIME_COST },
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    /** How long fetching one outside bot avatar may take (bots/remote-avatars.ts); not an environment setting, tests shorten it. */
    avatarFetchTimeoutMs: 10_000,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT ?? 'mailto:admin@localhost' }
        : null,
    dataExportTtlHours: e.DATA_EXPORT_TTL_HOURS,
    jobPollMs: e.JOB_POLL_MS,
    importFileTimeLimitMs: e.IMPORT_FILE_TIME_LIMIT_MS,
    metricsToken: e.METRICS_TOKEN || undefined,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiUrl: e.STRIPE_API_URL }
      : null,
    payments: e.STRIPE_SECRET_KEY ? 'stripe' : (e.PAYMENTS_SANDBOX ?? e.NODE_ENV !== 'production') ? 'sandbox' : 'off',
  };
}
