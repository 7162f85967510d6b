import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** Unset stays undefined so a default can depend on NODE_ENV. */
const optionalBooleanish = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1'));

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Unset: 127.0.0.1 with the demo data (its sandbox gateway mints play money and its accounts
   * have published passwords, so a demo is not opened to the network by accident), else 0.0.0.0.
   */
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Vendor bet/win batches (group commit) in flight at once on PostgreSQL, each on its own
   * connection and with members no other batch in flight holds (vendor-batch.ts). PGlite: always 1.
   */
  VENDOR_BATCH_IN_FLIGHT: z.coerce.number().int().min(1).max(8).default(2),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10000),
  WEB_DIST_DIR: z.string().optional(),
  /** Seed the demo accounts and turn on the demo conveniences (`npm start` sets it). Off unless set. */
  SEED_DEMO: booleanish,
  /**
   * The built-in SANDBOX payment gateway: members complete their own deposits with play money.
   * Unset: on exactly when SEED_DEMO is; set without SEED_DEMO the start is refused.
   */
  PAYMENT_SANDBOX: optionalBooleanish,
  TRUST_PROXY: booleanish,
  /**
   * The default merchant's public site origin (https://kismat.example) for links the site hands
   * out, when a proxy or CDN in front rewrites Host. Unset: the origin each request came to.
   * Other merchants set `publicOrigin` in their settings (platform/public-origin.ts).
   */
  PUBLIC_ORIGIN: z.string().url().optional(),
  /**
   * Bootstrap credential of the operator API (/admin-api) until operator accounts exist.
   * Unset: the operator API refuses every call.
   */
  OPERATOR_TOKEN: z.string().min(16).optional(),
  /**
   * Admin and finance operators must prove a TOTP code (RFC 6238) at login; one without an
   * authenticator gets a session that only enrols one. Unset: required except under NODE_ENV=test
   * (the e2e servers set it false: their specs log in the seeded demo operators by password).
   */
  OPERATOR_TOTP_REQUIRED: optionalBooleanish,
  /**
   * Test only (the e2e global setup sets it): enables POST /admin-api/test/agent-settlement-clock,
   * which moves the agent settlement jobs' clock forward and runs them (test/settlement-test-clock.ts, registered by main.ts only then).
   * Off by default; never set it in a deployment.
   */
  TEST_CLOCK: booleanish,
  // Accounts and sessions (issue 3).
  /** A session ends after this many minutes without a call. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Failed logins for one account name before the captcha is required. */
  LOGIN_CAPTCHA_AFTER: z.coerce.number().int().min(1).max(100).default(3),
  /**
   * Failed logins from one IP before every login from it needs the captcha. Higher than the
   * per-account number because mobile carriers put many players behind one address (CGNAT).
   */
  LOGIN_CAPTCHA_AFTER_PER_IP: z.coerce.number().int().min(1).max(1000).default(10),
  /** Failure counters restart after this many quiet minutes. */
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  CAPTCHA_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  /** Validity of SMS and e-mail codes, sent back as value.expiredMinutes. */
  SMS_CODE_EXPIRED_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  SMS_DAILY_LIMIT_PER_NUMBER: z.coerce.number().int().min(1).default(10),
  SMS_DAILY_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /**
   * 'outbox' keeps messages in the database (development, demos, tests); 'http' posts them to
   * SMS_HTTP_URL. Unset means outbox, which a production start without SEED_DEMO refuses
   * (platform/outbox/check-message-delivery.ts).
   */
  SMS_PROVIDER: z.enum(['outbox', 'http']).optional(),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SMS_SENDER_ID: z.string().max(11).default('KISMAT'),
  /** 'outbox' or 'smtp' (SMTP_URL, through nodemailer); unset as SMS_PROVIDER. */
  MAIL_PROVIDER: z.enum(['outbox', 'smtp']).optional(),
  /** smtps://user:password@host:465 (implicit TLS) or smtp://host:587 (STARTTLS when offered). */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Kismat <no-reply@localhost>'),
  /** Days before a password expires (forced change when PWDEXPFORCECHANGE3 is on); merchants may override. */
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** RSA private key (PKCS#8 PEM) of the E calls; unset: generated once and kept in the database. */
  PAYLOAD_PRIVATE_KEY_PEM: z.string().optional(),
  /**
   * AES-256-GCM key (64 hex digits or base64 of 32 bytes) that seals the secret fairness seeds
   * (lottery issues before their draw, members' slot seeds) at rest; never kept in the database,
   * whose readers it guards against. Unset: generated once into DATA_DIR/fairness-seed.key (one
   * machine only; every node of a cluster needs the same key). Tests use a fixed key.
   */
  FAIRNESS_SEED_KEY: z
    .string()
    .regex(/^\s*(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)\s*$/, '64 hex digits or base64 of 32 bytes')
    .optional(),
  /** Accept plain bodies on E calls; unset: only in development and test. */
  ALLOW_PLAIN_E_CALLS: optionalBooleanish,
  /** Multiplies every per-IP limit of the unauthenticated calls (load tests, busy NATs). */
  PUBLIC_RATE_LIMIT_SCALE: z.coerce.number().min(0.1).max(1000).default(1),
  /** Shared counters of the public rate limits across nodes (platform/rate-limit-store.ts); unset: in memory. */
  REDIS_URL: z.string().url().optional(),
  /** Prometheus metrics on their own port (platform/metrics.ts); unset: not served. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
});

/** Settings whose default depends on another one, and settings that only make sense together. */
const resolvedConfigSchema = configSchema
  .superRefine((config, context) => {
    if (config.PAYMENT_SANDBOX === true && !config.SEED_DEMO) {
      context.addIssue({
        code: 'custom',
        path: ['PAYMENT_SANDBOX'],
        message:
          'the sandbox payment gateway lets members credit their own deposits with play money; it runs only with the demo data (SEED_DEMO=true), never on a real site',
      });
    }
  })
  .transform((config) => ({
    ...config,
    HOST: config.HOST ?? (config.SEED_DEMO ? '127.0.0.1' : '0.0.0.0'),
    PAYMENT_SANDBOX: config.PAYMENT_SANDBOX ?? config.SEED_DEMO,
  }));

export type Config = z.output<typeof resolvedConfigSchema>;

/**
 * The sandbox gateway (its channel, pay call and callback) exists only in a demo started on
 * purpose; checked again wherever it could move money, since a test config can skip loadConfig.
 */
export function isPaymentSandboxOn(config: Pick<Config, 'SEED_DEMO' | 'PAYMENT_SANDBOX'>): boolean {
  return config.SEED_DEMO && config.PAYMENT_SANDBOX;
}

/** Parses the environment once at start; a bad value stops the process with a readable list. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = resolvedConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}
