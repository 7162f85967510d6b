import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigserialId, createdAt, loginFailureColumns, memberRef, memberRowColumns, merchantRef, updatedAt } from './columns';
import { merchants } from './merchants';

export type MemberStatus = 'ACTIVE' | 'FROZEN' | 'CLOSED';
export type RegisterType = 'USERNAME' | 'MOBILE' | 'TRIAL' | 'SEED' | 'OPERATOR';

/**
 * Players, trial players and agents of one merchant. Usernames are stored lower-case so
 * "Demo" and "demo" cannot be two accounts; the mobile is kept in E.164 for uniqueness and
 * split (dialing code + national number) for display.
 */
export const members = pgTable(
  'members',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    username: text('username').notNull(),
    /** 0 member, 4 trial, 1/2/41/42 agent (spec section 3). */
    type: smallint('type').notNull().default(0),
    uplineId: bigint('upline_id', { mode: 'number' }).references((): AnyPgColumn => members.id),
    /** The agent's own invitation code; null for players. */
    affiliateCode: text('affiliate_code'),
    nickname: text('nickname').notNull(),
    email: text('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    countryDialingCode: text('country_dialing_code'),
    mobileNo: text('mobile_no'),
    /** E.164 (+8801712345678): the unique key of a number across dialing-code spellings. */
    mobile: text('mobile'),
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    language: text('language').notNull().default('BN'),
    isFirstLogin: boolean('is_first_login').notNull().default(true),
    /** Null for trial players and for mobile sign-ups that log in by SMS code only. */
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    paymentPasswordHash: text('payment_password_hash'),
    paymentPasswordChangedAt: timestamp('payment_password_changed_at', { withTimezone: true }),
    status: text('status').$type<MemberStatus>().notNull().default('ACTIVE'),
    iconId: smallint('icon_id').notNull().default(1),
    /** Base32 TOTP secret; `totp_enabled_at` is set once the member proved a code from it. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last accepted 30-second step: a TOTP code works once even inside its window. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    registerType: text('register_type').$type<RegisterType>().notNull().default('USERNAME'),
    registerMethod: text('register_method').notNull().default('WEB'),
    registerUrl: text('register_url'),
    registerDomain: text('register_domain'),
    registerIp: text('register_ip'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('members_merchant_username_unique').on(table.merchantId, table.username),
    uniqueIndex('members_merchant_mobile_unique').on(table.merchantId, table.mobile).where(sql`${table.mobile} is not null`),
    uniqueIndex('members_merchant_affiliate_code_unique')
      .on(table.merchantId, table.affiliateCode)
      .where(sql`${table.affiliateCode} is not null`),
    index('members_upline_idx').on(table.uplineId),
    check('members_type_check', sql`${table.type} in (0, 1, 2, 4, 41, 42)`),
    check('members_status_check', sql`${table.status} in ('ACTIVE', 'FROZEN', 'CLOSED')`),
  ],
);

/**
 * Closure table of the agent tree: one row per (ancestor, descendant) pair including the
 * member itself at depth 0, so "whole team of X" is one indexed lookup, not a recursive walk.
 */
export const memberTree = pgTable(
  'member_tree',
  {
    ancestorId: memberRef('ancestor_id'),
    descendantId: memberRef('descendant_id'),
    depth: smallint('depth').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.ancestorId, table.descendantId] }),
    index('member_tree_descendant_idx').on(table.descendantId, table.depth),
  ],
);

/** Profile fields of the security centre (spec section 3, "other profile fields") and registration extras. */
export const memberProfiles = pgTable('member_profiles', {
  memberId: bigint('member_id', { mode: 'number' })
    .primaryKey()
    .references(() => members.id),
  /** Real name (the registration payee name); withdrawals go only to bank accounts in this name. */
  fullName: text('full_name'),
  telegram: text('telegram'),
  zalo: text('zalo'),
  birthday: date('birthday', { mode: 'string' }),
  address: text('address'),
  nationality: text('nationality'),
  occupation: text('occupation'),
  sourceOfIncome: text('source_of_income'),
  placeOfBirth: text('place_of_birth'),
  qqNum: text('qq_num'),
  line: text('line'),
  whatsapp: text('whatsapp'),
  facebook: text('facebook'),
  wechat: text('wechat'),
  idNumber: text('id_number'),
  recommenderId: text('recommender_id'),
  updatedAt: updatedAt(),
});

/**
 * Login sessions. Only sha256 of the 256-bit token is stored, so a database leak gives no
 * usable token. `expires_at` slides with activity (SESSION_IDLE_MINUTES).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserialId(),
    tokenHash: text('token_hash').notNull(),
    memberId: memberRef(),
    merchantId: merchantRef(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** "Remember me": sha256 of a refresh token kept in an HttpOnly cookie, valid one day from login. */
    refreshTokenHash: text('refresh_token_hash'),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    /** Set when the password is 123456 or expired: only the password change and info calls work. */
    requiresPasswordChange: boolean('requires_password_change').notNull().default(false),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_unique').on(table.tokenHash),
    uniqueIndex('sessions_refresh_token_hash_unique').on(table.refreshTokenHash).where(sql`${table.refreshTokenHash} is not null`),
    index('sessions_member_active_idx').on(table.memberId).where(sql`${table.revokedAt} is null`),
  ],
);

/** Captcha challenges: the answer is held only as a hash, usable once, for two minutes. */
export const captchas = pgTable(
  'captchas',
  {
    id: text('id').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    /** Who asked (IP): refreshes faster than once a second from one client are refused. */
    clientKey: text('client_key').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('captchas_client_created_idx').on(table.clientKey, table.createdAt)],
);

export type VerificationChannel = 'SMS' | 'EMAIL';
export type VerificationPurpose = 'REGISTER' | 'NO_LOGIN' | 'BIND' | 'LOGIN_VERIFY';

/** One-time codes sent by SMS or e-mail (registration, SMS login and reset, binding, second factor). */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    channel: text('channel').$type<VerificationChannel>().notNull(),
    /** E.164 mobile or lower-case e-mail. */
    recipient: text('recipient').notNull(),
    purpose: text('purpose').$type<VerificationPurpose>().notNull(),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong guesses; the code dies at the limit so six digits cannot be brute-forced. */
    attempts: smallint('attempts').notNull().default(0),
  },
  (table) => [
    index('verification_codes_recipient_idx').on(table.merchantId, table.channel, table.recipient, table.createdAt),
    index('verification_codes_ip_idx').on(table.ip, table.createdAt),
  ],
);

/** Send lockouts ("too many requests, retry after 5 minutes") per recipient or per IP. */
export const verificationLocks = pgTable(
  'verification_locks',
  {
    merchantId: merchantRef(),
    scope: text('scope').$type<'RECIPIENT' | 'IP'>().notNull(),
    key: text('key').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Refused sends inside the current strike window; at the limit the key is locked. */
    strikes: smallint('strikes').notNull().default(0),
    strikesSince: timestamp('strikes_since', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.scope, table.key] })],
);

/**
 * Failed-login counters per typed account name (existing or not, so counters reveal nothing),
 * per (account name, IP) and per IP. They decide when a captcha is needed and how long the
 * next attempt must wait (platform/login-throttle.ts).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    merchantId: merchantRef(),
    ...loginFailureColumns(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.scope, table.key] })],
);

/**
 * Wrong payment passwords per member, across every call that asks for it (withdrawal, transfer,
 * bill payment, binding). Kept in the database and keyed by member, not by session, so a new
 * login or another node does not reset the count an attacker guessing a 6-digit PIN would need.
 */
export const paymentPasswordFailures = pgTable('payment_password_failures', {
  memberId: bigint('member_id', { mode: 'number' })
    .primaryKey()
    .references(() => members.id),
  /** Wrong guesses in a row since the last right one (or since the last lock ended). */
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** IPs a member has logged in from; a login from any other IP may need a second factor. */
export const trustedLoginIps = pgTable(
  'trusted_login_ips',
  {
    memberId: memberRef(),
    ip: text('ip').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.ip] })],
);

export type SecondFactorMethod = 'SMS' | 'EMAIL' | 'BANK_NAME' | 'TOTP';

/** A password-verified login from a new IP, waiting for its second factor. */
export const loginChallenges = pgTable('login_challenges', {
  id: bigserialId(),
  tokenHash: text('token_hash').notNull().unique(),
  memberId: memberRef(),
  merchantId: merchantRef(),
  methods: text('methods').array().$type<SecondFactorMethod[]>().notNull(),
  ip: text('ip').notNull(),
  userAgent: text('user_agent'),
  remember: boolean('remember').notNull().default(false),
  loginType: text('login_type').notNull(),
  /** What the password check found, carried to the session opened after the second factor. */
  passwordExpired: boolean('password_expired').notNull().default(false),
  forceChangePassword: boolean('force_change_password').notNull().default(false),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  attempts: smallint('attempts').notNull().default(0),
});

/** Forgot-by-email: single-use reset links (only the hash is kept). */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: bigserialId(),
  tokenHash: text('token_hash').notNull().unique(),
  memberId: memberRef(),
  ip: text('ip').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Withdrawal bank accounts. Once confirmed (bound) a row never changes or goes away: the spec
 * says a binding cannot be undone, and it stops a hijacked session from redirecting payouts.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    ...memberRowColumns(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    bankName: text('bank_name').notNull(),
    branch: text('branch'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [
    index('bank_accounts_member_idx').on(table.memberId),
    // One bound account number per bank and merchant: shared payout accounts are a fraud signal.
    uniqueIndex('bank_accounts_bound_unique')
      .on(table.merchantId, table.bankName, table.accountNumber)
      .where(sql`${table.confirmedAt} is not null`),
  ],
);

/** Who did what, when and from where: logins, password changes, bindings. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserialId(),
    merchantId: integer('merchant_id').references(() => merchants.id),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id),
    actor: text('actor').$type<'MEMBER' | 'ANONYMOUS' | 'OPERATOR' | 'SYSTEM'>().notNull(),
    action: text('action').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_member_idx').on(table.memberId, table.createdAt),
    index('audit_log_action_idx').on(table.action, table.createdAt),
  ],
);

/** Messages the demo outbox providers "sent" (SMS and e-mail); listed masked to the admins of their merchant (modules/verification/read-outbox.ts). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserialId(),
    /** The merchant whose member the message went to; its admins alone may list it (null: rows from before the column). */
    merchantId: integer('merchant_id').references(() => merchants.id),
    channel: text('channel').$type<VerificationChannel>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('outbox_messages_recipient_idx').on(table.channel, table.recipient, table.createdAt),
    index('outbox_messages_merchant_idx').on(table.merchantId, table.id),
  ],
);

/**
 * Nonces of opened sealed bodies (E calls), kept until the body's timestamp is out of the
 * accepted window: the unique key makes a captured body usable once, on any node.
 */
export const sealedBodyNonces = pgTable(
  'sealed_body_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sealed_body_nonces_expires_idx').on(table.expiresAt)],
);

/**
 * The payload-encryption key pair when PAYLOAD_PRIVATE_KEY_PEM is not given: created once by
 * whichever node asks first (insert-if-absent), so every node opens what every client sealed.
 */
export const payloadKeys = pgTable('payload_keys', {
  name: text('name').primaryKey(),
  privateKeyPem: text('private_key_pem').notNull(),
  publicKeyPem: text('public_key_pem').notNull(),
  createdAt: createdAt(),
});
