import { randomBytes } from 'node:crypto';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { importSealingKey, type SealingKey, sealPayload } from '@kismat/contracts/encryption';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { captchas, type MemberStatus, memberProfiles, members, memberTree, outboxMessages } from '../db/schema/accounts';
import { merchantDomains, merchants, type WhitelabelModule } from '../db/schema/merchants';
import { registrationRules } from '../db/schema/system';
import { hashPassword } from '../modules/member/index';
import { DEFAULT_WHITELABEL, seedRegistrationRules } from '../modules/system/index';
import type { MemberRow } from '../platform/auth';
import { answerHash } from '../platform/captcha';
import type { Db, DbOrTx } from '../platform/db';
import type { Merchant } from '../platform/merchant';

/** Test data builders: every call makes unique rows, so tests never depend on each other. */

export function uniqueSuffix(length = 8): string {
  return randomBytes(length).toString('hex').slice(0, length);
}

function setFlags(tree: WhitelabelModule[], flags: Record<string, boolean>): WhitelabelModule[] {
  return tree.map((node) => ({
    ...node,
    enabled: node.modId in flags ? (flags[node.modId] ? '1' : '0') : node.enabled,
    ...(node.children ? { children: setFlags(node.children, flags) } : {}),
  }));
}

/**
 * The merchant's calendar day (YYYY-MM-DD) at `at`: record ranges are merchant-local days, so a
 * test asking for "today" must not use the UTC date (after 18:00 UTC it is tomorrow in Dhaka).
 */
export function merchantDay(utcOffsetMinutes = 360, at: Date = new Date()): string {
  return new Date(at.getTime() + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

export interface TestMerchant {
  merchant: Merchant;
  /** Send as the Host header: requests then resolve to this merchant by its domain. */
  host: string;
}

/** A merchant with its own domain, the default module tree (flags overridable) and the default registration rules. */
export async function createMerchant(
  db: Db,
  options: { flags?: Record<string, boolean>; settings?: Record<string, unknown>; utcOffsetMinutes?: number } = {},
): Promise<TestMerchant> {
  const code = `T${uniqueSuffix(10).toUpperCase()}`;
  const host = `${code.toLowerCase()}.test`;
  const [merchant] = await db
    .insert(merchants)
    .values({
      code,
      name: `Test ${code}`,
      mainDomain: host,
      whitelabel: setFlags(DEFAULT_WHITELABEL, options.flags ?? {}),
      settings: options.settings ?? {},
      utcOffsetMinutes: options.utcOffsetMinutes ?? 360,
    })
    .returning();
  if (!merchant) throw new Error('merchant insert returned nothing');
  await db.insert(merchantDomains).values({ merchantId: merchant.id, domain: host, purpose: 'member', isPrimary: true });
  await seedRegistrationRules(db, merchant.id);
  return { merchant, host };
}

/** Changes flags or settings of a merchant and drops the app's merchant cache so the next request sees them. */
export async function updateMerchant(
  app: FastifyInstance,
  merchantId: number,
  changes: { flags?: Record<string, boolean>; settings?: Record<string, unknown> },
): Promise<void> {
  const [current] = await app.db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!current) throw new Error('no such merchant');
  await app.db
    .update(merchants)
    .set({
      ...(changes.flags ? { whitelabel: setFlags(current.whitelabel, changes.flags) } : {}),
      ...(changes.settings ? { settings: { ...current.settings, ...changes.settings } } : {}),
    })
    .where(eq(merchants.id, merchantId));
  app.merchants.invalidate();
}

export async function setRegistrationRule(
  db: DbOrTx,
  merchantId: number,
  field: string,
  rule: Partial<{
    acceptedPattern: string;
    minLength: number;
    maxLength: number;
    patternId: string;
    isShown: boolean;
    isRequired: boolean;
  }>,
): Promise<void> {
  await db
    .update(registrationRules)
    .set(rule)
    .where(and(eq(registrationRules.merchantId, merchantId), eq(registrationRules.field, field)));
}

/** Registration without these fields (neither shown nor required): e.g. mobile and captcha, when a suite is about something else. */
export async function hideRegistrationFields(db: DbOrTx, merchantId: number, ...fields: string[]): Promise<void> {
  for (const field of fields) await setRegistrationRule(db, merchantId, field, { isShown: false, isRequired: false });
}

export interface CreateMemberOptions {
  username?: string;
  password?: string | null;
  type?: number;
  mobile?: { dialingCode: string; national: string; verified?: boolean } | null;
  email?: string | null;
  emailVerified?: boolean;
  uplineId?: number | null;
  affiliateCode?: string | null;
  status?: MemberStatus;
  passwordChangedAt?: Date;
  paymentPassword?: string | null;
  fullName?: string | null;
}

export interface TestMember {
  member: MemberRow;
  password: string | null;
}

/** A member (agent with `type`, trial with type 4) placed in the tree under its upline. */
export async function createMember(db: Db, merchantId: number, options: CreateMemberOptions = {}): Promise<TestMember> {
  const username = options.username ?? `player${uniqueSuffix(8)}`;
  const password = options.password === undefined ? `Pw${uniqueSuffix(8)}!` : options.password;
  const mobile = options.mobile ?? null;
  const [member] = await db
    .insert(members)
    .values({
      merchantId,
      username: username.toLowerCase(),
      type: options.type ?? MEMBER_TYPE.MEMBER,
      uplineId: options.uplineId ?? null,
      affiliateCode: options.affiliateCode ?? null,
      nickname: username,
      email: options.email ?? null,
      emailVerifiedAt: options.email && options.emailVerified ? new Date() : null,
      countryDialingCode: mobile?.dialingCode ?? null,
      mobileNo: mobile?.national ?? null,
      mobile: mobile ? `${mobile.dialingCode}${mobile.national}` : null,
      mobileVerifiedAt: mobile && mobile.verified !== false ? new Date() : null,
      passwordHash: password ? await hashPassword(password) : null,
      passwordChangedAt: options.passwordChangedAt ?? new Date(),
      paymentPasswordHash: options.paymentPassword ? await hashPassword(options.paymentPassword) : null,
      status: options.status ?? 'ACTIVE',
      registerType: 'SEED',
    })
    .returning();
  if (!member) throw new Error('member insert returned nothing');
  await db.insert(memberTree).values({ ancestorId: member.id, descendantId: member.id, depth: 0 });
  if (member.uplineId) {
    const ancestors = await db.select().from(memberTree).where(eq(memberTree.descendantId, member.uplineId));
    if (ancestors.length > 0) {
      await db
        .insert(memberTree)
        .values(ancestors.map((row) => ({ ancestorId: row.ancestorId, descendantId: member.id, depth: row.depth + 1 })));
    }
  }
  if (options.fullName) await db.insert(memberProfiles).values({ memberId: member.id, fullName: options.fullName });
  return { member, password };
}

/** A fresh Bangladeshi mobile number (+880 1[3-9]XXXXXXXX). */
export function uniqueMobile(): { dialingCode: string; national: string; e164: string } {
  const national = `17${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return { dialingCode: '+880', national, e164: `+880${national}` };
}

/** Plants a captcha whose answer the test knows (the real endpoint never reveals it). */
export async function plantCaptcha(db: DbOrTx, answer = 'AB23', options: { expiresAt?: Date } = {}): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await db.insert(captchas).values({
    id,
    answerHash: answerHash(id, answer).toString('hex'),
    clientKey: `test-${id}`,
    expiresAt: options.expiresAt ?? new Date(Date.now() + 120_000),
  });
  return id;
}

/** The six-digit code of the newest outbox message to a recipient. */
export async function latestOutboxCode(db: DbOrTx, recipient: string): Promise<string | null> {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return row ? (/\b(\d{6})\b/.exec(row.body)?.[1] ?? null) : null;
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string>;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
  /** Seal the body as the web does for E calls. */
  encrypt?: boolean;
}

/** Requests to one merchant, in English by default, with optional sealing of E bodies. */
export class TestClient {
  private sealingKey: SealingKey | undefined;

  constructor(
    readonly app: FastifyInstance,
    readonly host: string,
    readonly language = 'EN',
  ) {}

  async seal(path: string, body: unknown) {
    if (!this.sealingKey) {
      const response = await this.app.inject({ method: 'GET', url: '/wps/system/publicKey', headers: { host: this.host } });
      this.sealingKey = await importSealingKey(response.json().value.publicKeyPem);
    }
    // Dated on the app's clock, which a test may have moved (the web dates on the server's clock too).
    return sealPayload({ ...this.sealingKey, clockOffsetMs: this.app.now().getTime() - Date.now() }, path, body);
  }

  async call(method: InjectOptions['method'], url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { host: this.host, language: this.language, ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const path = url.split('?')[0] ?? url;
    const body = options.encrypt && options.body !== undefined ? await this.seal(path, options.body) : options.body;
    return this.app.inject({
      method,
      url,
      headers,
      ...(options.query ? { query: options.query } : {}),
      ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
      remoteAddress: options.ip ?? '198.51.100.1',
    });
  }

  /** Logs in by username and returns the token (throws with the body when refused). */
  async login(username: string, password: string, options: { ip?: string; extra?: Record<string, unknown> } = {}): Promise<string> {
    const response = await this.call('POST', '/wps/session/login', {
      body: { type: 'username', username, password, ...options.extra },
      ...(options.ip ? { ip: options.ip } : {}),
    });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return response.json().value.token as string;
  }
}

/** A distinct client address per call, so per-IP limits of one test do not touch another. */
let ipSequence = 0;
export function uniqueIp(): string {
  ipSequence += 1;
  return `10.${(ipSequence >> 16) & 255}.${(ipSequence >> 8) & 255}.${ipSequence & 255}`;
}

/**
 * Back to the real clock after a test moved it with setNow. buildTestApp's clock falls back to
 * `new Date()` when no moment is set; TestApp.setNow only accepts a Date, hence the cast.
 */
export function useRealClock(t: { setNow(date: Date): void }): void {
  t.setNow(undefined as unknown as Date);
}

/** A member's rows in the closure table as [ancestor id, depth], nearest first (the member itself at depth 0). */
export async function ancestorsOf(db: DbOrTx, memberId: number): Promise<[number, number][]> {
  const rows = await db.select().from(memberTree).where(eq(memberTree.descendantId, memberId)).orderBy(asc(memberTree.depth));
  return rows.map((row) => [row.ancestorId, row.depth]);
}
