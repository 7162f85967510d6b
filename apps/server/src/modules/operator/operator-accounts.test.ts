import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositChannels } from '../../db/schema/cashier';
import { operatorAuditLog, operatorSessions, operators } from '../../db/schema/operators';
import { hashToken } from '../../platform/auth';
import { BACKOFF_AFTER_PER_SOURCE } from '../../platform/login-throttle';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  createMember,
  createMerchant,
  plantCaptcha,
  TestClient,
  type TestMerchant,
  uniqueIp,
  uniqueSuffix,
  useRealClock,
} from '../../test/factories';
import { seedDepositChannels } from '../cashier/seed-deposit-channels';
import { hashPassword } from '../member/password-hash';
import { verifyLedger } from '../wallet/verify-ledger';
import { DEMO_OPERATORS, seedDemoOperators } from './seed-demo-operators';

const ROOT_TOKEN = 'operator-token-for-operator-account-tests';
const PASSWORD = 'Op3rator!pass';

let t: TestApp;
let site: TestMerchant;
let client: TestClient;

beforeAll(async () => {
  t = await buildTestApp({ config: { OPERATOR_TOKEN: ROOT_TOKEN, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kismat-operator-')) } });
  site = await createMerchant(t.app.db);
  await seedDepositChannels(t.app.db, site.merchant.id);
  client = new TestClient(t.app, site.host);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function createOperator(role: 'admin' | 'finance' | 'support', options: { merchantId?: number } = {}) {
  const username = `op${uniqueSuffix(8)}`;
  await t.app.db
    .insert(operators)
    .values({ username, passwordHash: await hashPassword(PASSWORD), role, merchantId: options.merchantId ?? null });
  return username;
}

async function login(username: string, password = PASSWORD, ip = uniqueIp()) {
  return client.call('POST', '/admin-api/session', { body: { username, password }, ip });
}

async function tokenOf(role: 'admin' | 'finance' | 'support', options: { merchantId?: number } = {}) {
  const response = await login(await createOperator(role, options));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.token as string;
}

const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  client.call(method, url, { headers: { authorization: `Bearer ${token}` }, ...(body !== undefined ? { body } : {}) });

async function auditRows(action: string) {
  return t.app.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, action));
}

async function pendingDeposit(amount = '300') {
  const created = await createMember(t.app.db, site.merchant.id);
  const token = await client.login(created.member.username, created.password ?? '');
  const [bkash] = await t.app.db
    .select()
    .from(depositChannels)
    .where(and(eq(depositChannels.merchantId, site.merchant.id), eq(depositChannels.code, 'bkash')));
  const deposit = await client.call('POST', '/wps/v2/cashier/deposits', {
    token,
    body: { channelId: bkash?.id, amount, reference: `TRX${uniqueSuffix(8)}`, idempotencyKey: `k-${uniqueSuffix(12)}` },
  });
  expect(deposit.statusCode, deposit.body).toBe(200);
  return { member: created.member, token, depositId: deposit.json().value.id as number };
}

async function balanceOf(token: string): Promise<string> {
  return (await client.call('GET', '/wps/v2/wallets/balance', { token })).json().value.balance as string;
}

describe('operator sessions', () => {
  it('logs in with the right password, answers who it is, and logs out (the token then stops working)', async () => {
    const username = await createOperator('finance');
    const response = await login(username);
    expect(response.statusCode, response.body).toBe(200);
    const value = response.json().value;
    expect(value).toMatchObject({ username, role: 'finance', merchantCode: null });
    expect(value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(value)).not.toContain('argon2');
    // Only the token's hash is stored.
    const [session] = await t.app.db
      .select()
      .from(operatorSessions)
      .where(eq(operatorSessions.tokenHash, hashToken(value.token)));
    expect(session).toBeTruthy();

    const me = await as(value.token, 'GET', '/admin-api/session');
    expect(me.json().value).toMatchObject({ username, role: 'finance' });
    const out = await as(value.token, 'DELETE', '/admin-api/session');
    expect(out.statusCode).toBe(200);
    expect((await as(value.token, 'GET', '/admin-api/session')).statusCode).toBe(403);
    const actions = (await t.app.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.operatorName, username))).map(
      (row) => row.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['session.login', 'session.logout']));
  });

  it('refuses a wrong password and an unknown name alike, and audits both', async () => {
    const username = await createOperator('support');
    const wrong = await login(username, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('LOGIN_FAILED');
    const unknown = await login(`nobody${uniqueSuffix(6)}`, 'whatever-1');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('LOGIN_FAILED');
    const failures = await auditRows('session.login_failed');
    expect(failures.some((row) => row.operatorName === username && row.detail.failures === 1)).toBe(true);
  });

  it('throttles a guessing source with captcha and growing waits; the operator from another IP still logs in (issue 11 item 19)', async () => {
    const username = await createOperator('finance');
    const attacker = uniqueIp();
    const start = new Date();
    const withCaptcha = async (password: string, ip: string) => {
      const captchaId = await plantCaptcha(t.app.db, 'K7PX', { expiresAt: new Date(start.getTime() + 3_600_000) });
      return client.call('POST', '/admin-api/session', { body: { username, password, captcha: 'K7PX', captchaId }, ip });
    };
    try {
      t.setNow(start);
      const first = [await login(username, 'wrong-guess', attacker), await login(username, 'wrong-guess', attacker)];
      expect(first.map((response) => response.json().value)).toEqual([{ captcha: false }, { captcha: false }]);
      expect((await login(username, 'wrong-guess', attacker)).json()).toMatchObject({ code: 'LOGIN_FAILED', value: { captcha: true } });
      // From the third failure of the name, no captcha no try (not counted either).
      expect((await login(username, 'wrong-guess', attacker)).json().code).toBe('CAPTCHA_REQUIRED');
      expect((await withCaptcha('wrong-guess', attacker)).json().code).toBe('LOGIN_FAILED');
      expect((await withCaptcha('wrong-guess', attacker)).json().code).toBe('LOGIN_FAILED');
      // Five failures from one source: that source waits, even with the right password.
      const waiting = await withCaptcha(PASSWORD, attacker);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json()).toMatchObject({
        code: 'LOGIN_THROTTLED',
        message: 'Too many failed attempts. Please try again in 15 seconds',
        value: { captcha: true, retryAfterSeconds: 15 },
      });
      expect((await auditRows('session.login_throttled')).some((row) => row.operatorName === username)).toBe(true);

      // The real operator elsewhere is not locked out by someone who knows the username.
      expect((await login(username, PASSWORD)).json().code).toBe('CAPTCHA_REQUIRED');
      const owner = await withCaptcha(PASSWORD, uniqueIp());
      expect(owner.statusCode, owner.body).toBe(200);
      const [row] = await t.app.db.select().from(operators).where(eq(operators.username, username));
      expect(row).toMatchObject({ failedLogins: 0, lockedUntil: null });

      // The guessing source's wait doubles with each further failure.
      t.setNow(new Date(start.getTime() + 16_000));
      expect((await withCaptcha('wrong-guess', attacker)).json().code).toBe('LOGIN_FAILED');
      expect((await withCaptcha(PASSWORD, attacker)).json().value.retryAfterSeconds).toBe(30);
    } finally {
      useRealClock(t);
    }
  });

  it('ends a session after its lifetime: an expired token is refused with SESSION_EXPIRED', async () => {
    const token = await tokenOf('support');
    expect((await as(token, 'GET', '/admin-api/session')).statusCode).toBe(200);
    t.setNow(new Date(Date.now() + 9 * 3_600_000));
    try {
      const expired = await as(token, 'GET', '/admin-api/cashier/deposits');
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('SESSION_EXPIRED');
    } finally {
      useRealClock(t);
    }
  });

  it('refuses a disabled operator after checking the password', async () => {
    const username = await createOperator('admin');
    await t.app.db.update(operators).set({ status: 'DISABLED' }).where(eq(operators.username, username));
    expect((await login(username)).json().code).toBe('ACCOUNT_DISABLED');
    expect((await login(username, 'wrong-guess')).json().code).toBe('LOGIN_FAILED');
  });

  it('keeps the bootstrap token working as root with the admin role; a member token is no operator', async () => {
    const me = await as(ROOT_TOKEN, 'GET', '/admin-api/session');
    expect(me.json().value).toMatchObject({ username: 'root', role: 'admin', id: null });
    const created = await createMember(t.app.db, site.merchant.id);
    const memberToken = await client.login(created.member.username, created.password ?? '');
    expect((await as(memberToken, 'GET', '/admin-api/cashier/deposits')).statusCode).toBe(403);
    expect((await client.call('GET', '/admin-api/cashier/deposits')).statusCode).toBe(401);
  });
});

describe('every operator route is guarded', () => {
  it('answers 401 without a credential and 403 with a member token on every /admin-api route but login', async () => {
    const created = await createMember(t.app.db, site.merchant.id);
    const memberToken = await client.login(created.member.username, created.password ?? '');
    const routes = t.app.registeredRoutes.filter(
      (route) =>
        route.url.startsWith('/admin-api/') && route.method !== 'HEAD' && !(route.url === '/admin-api/session' && route.method === 'POST'),
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const anonymous = await client.call(method, url, method === 'GET' || method === 'DELETE' ? {} : { body: {} });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const member = await client.call(method, url, {
        token: memberToken,
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
      });
      expect(member.statusCode, `${route.method} ${route.url} with a member token`).toBe(403);
    }
  });
});

describe('roles', () => {
  it('lets support read but not approve (403, nothing credited); finance approves and the audit log says who', async () => {
    const { depositId, token: memberToken, member } = await pendingDeposit('300');
    const support = await tokenOf('support');
    expect((await as(support, 'GET', '/admin-api/cashier/deposits')).statusCode).toBe(200);
    const refused = await as(support, 'POST', `/admin-api/cashier/deposits/${depositId}/approve`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect(await balanceOf(memberToken)).toBe('0.00');

    const financeName = await createOperator('finance');
    const finance = (await login(financeName)).json().value.token as string;
    const approved = await as(finance, 'POST', `/admin-api/cashier/deposits/${depositId}/approve`, { note: 'bKash statement checked' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value.status).toBe('approved');
    expect(await balanceOf(memberToken)).toBe('300.00');

    const [row] = (await auditRows('deposit.approved')).filter((entry) => entry.targetId === String(depositId));
    expect(row).toMatchObject({
      operatorName: financeName,
      targetType: 'deposit',
      memberId: member.id,
      merchantId: site.merchant.id,
      reason: 'bKash statement checked',
    });
    expect(row?.requestId).toBeTruthy();
    expect(row?.detail).toMatchObject({ before: { status: 'pending' }, after: { status: 'approved' } });
    // Approving again replays: nothing moves and no second audit row.
    expect((await as(finance, 'POST', `/admin-api/cashier/deposits/${depositId}/approve`, {})).statusCode).toBe(200);
    expect((await auditRows('deposit.approved')).filter((entry) => entry.targetId === String(depositId))).toHaveLength(1);
    expect(await balanceOf(memberToken)).toBe('300.00');
  });

  it('requires a reason to reject, and records it', async () => {
    const { depositId } = await pendingDeposit('400');
    const finance = await tokenOf('finance');
    const bare = await as(finance, 'POST', `/admin-api/cashier/deposits/${depositId}/reject`, {});
    expect(bare.statusCode).toBe(422);
    const rejected = await as(finance, 'POST', `/admin-api/cashier/deposits/${depositId}/reject`, { note: 'no such bKash reference' });
    expect(rejected.json().value.status).toBe('rejected');
    const [row] = (await auditRows('deposit.rejected')).filter((entry) => entry.targetId === String(depositId));
    expect(row?.reason).toBe('no such bKash reference');
  });

  it('keeps merchant settings to admins and audits them with before and after', async () => {
    const finance = await tokenOf('finance');
    const url = `/admin-api/merchants/${site.merchant.code}/maintenance`;
    expect((await as(finance, 'PUT', url, { on: true })).statusCode).toBe(403);
    const admin = await tokenOf('admin');
    expect((await as(admin, 'PUT', url, { on: true })).statusCode).toBe(200);
    expect((await as(admin, 'PUT', url, { on: false })).statusCode).toBe(200);
    const rows = (await auditRows('merchant.maintenance_changed')).filter((row) => row.targetId === site.merchant.code);
    expect(rows.map((row) => row.detail)).toEqual([
      { before: { isMaintenance: false, maintenanceEnd: null }, after: { isMaintenance: true, maintenanceEnd: null } },
      { before: { isMaintenance: true, maintenanceEnd: null }, after: { isMaintenance: false, maintenanceEnd: null } },
    ]);
  });

  it('keeps a merchant-scoped operator to its own merchant', async () => {
    const other = await createMerchant(t.app.db);
    const scoped = await tokenOf('finance', { merchantId: other.merchant.id });
    const { depositId } = await pendingDeposit('500');
    const listed = await as(scoped, 'GET', '/admin-api/cashier/deposits');
    expect(listed.json().value.some((row: { id: number }) => row.id === depositId)).toBe(false);
    expect((await as(scoped, 'POST', `/admin-api/cashier/deposits/${depositId}/approve`, {})).statusCode).toBe(404);
  });
});

describe('audit log', () => {
  it('pages and filters; support may read it', async () => {
    const support = await tokenOf('support');
    const all = await as(support, 'GET', '/admin-api/audit?pageSize=2');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().value.list).toHaveLength(2);
    expect(all.json().value.total).toBeGreaterThan(2);
    const second = await as(support, 'GET', '/admin-api/audit?pageSize=2&pageNo=2');
    expect(second.json().value.list[0].id).toBeLessThan(all.json().value.list[1].id);
    const logins = await as(support, 'GET', '/admin-api/audit?action=session.&pageSize=100');
    expect(logins.json().value.list.every((row: { action: string }) => row.action.startsWith('session.'))).toBe(true);
    expect((await as(support, 'GET', '/admin-api/audit?pageSize=1000')).statusCode).toBe(422);
  });
});

describe('manual adjustments', () => {
  it('credits and debits by a signed amount, never below zero, once per key, audited and notified', async () => {
    const created = await createMember(t.app.db, site.merchant.id);
    const memberToken = await client.login(created.member.username, created.password ?? '');
    const financeName = await createOperator('finance');
    const finance = (await login(financeName)).json().value.token as string;
    const base = { username: created.member.username, merchantCode: site.merchant.code, account: 'cash' };

    const credit = { ...base, amount: '150.50', reason: 'Goodwill for a failed round', idempotencyKey: `adj-${uniqueSuffix(10)}` };
    const first = await as(finance, 'POST', '/admin-api/wallet/adjustments', credit);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ amount: '150.50', balanceAfter: '150.50', isReplay: false, operatorName: financeName });
    // The same key again (a retried click) moves nothing.
    const replays = await Promise.all([1, 2, 3].map(() => as(finance, 'POST', '/admin-api/wallet/adjustments', credit)));
    for (const replay of replays) expect(replay.json().value).toMatchObject({ isReplay: true, id: first.json().value.id });
    expect(await balanceOf(memberToken)).toBe('150.50');
    const changed = await as(finance, 'POST', '/admin-api/wallet/adjustments', { ...credit, amount: '99' });
    expect(changed.json().code).toBe('IDEMPOTENCY_CONFLICT');

    const tooMuch = await as(finance, 'POST', '/admin-api/wallet/adjustments', {
      ...base,
      amount: '-200',
      reason: 'Reverse a duplicate credit',
      idempotencyKey: `adj-${uniqueSuffix(10)}`,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', value: { available: '150.50', requested: '-200.00' } });
    expect(await balanceOf(memberToken)).toBe('150.50');

    const debit = await as(finance, 'POST', '/admin-api/wallet/adjustments', {
      memberId: created.member.id,
      account: 'cash',
      amount: '-50.50',
      reason: 'Reverse a duplicate credit',
      idempotencyKey: `adj-${uniqueSuffix(10)}`,
    });
    expect(debit.statusCode, debit.body).toBe(200);
    expect(await balanceOf(memberToken)).toBe('100.00');

    const inbox = await client.call('GET', '/wps/v2/notifications', { token: memberToken });
    expect(inbox.json().value.items.map((row: { kind: string; amount: string }) => [row.kind, row.amount])).toEqual([
      ['balance_adjusted', '-50.50'],
      ['balance_adjusted', '150.50'],
    ]);
    const audit = (await auditRows('adjustment.posted')).filter((row) => row.memberId === created.member.id);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ operatorName: financeName, reason: 'Goodwill for a failed round' });
    expect(audit[0]?.detail).toMatchObject({ balanceBefore: '0.00', balanceAfter: '150.50', account: 'cash' });
    const verdict = await verifyLedger(t.app.db);
    expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
  });

  it('refuses support, a missing reason, a zero amount and an unknown member', async () => {
    const created = await createMember(t.app.db, site.merchant.id);
    const body = {
      memberId: created.member.id,
      account: 'bonus',
      amount: '10',
      reason: 'Promotion fix',
      idempotencyKey: `adj-${uniqueSuffix(10)}`,
    };
    const support = await tokenOf('support');
    expect((await as(support, 'POST', '/admin-api/wallet/adjustments', body)).statusCode).toBe(403);
    const finance = await tokenOf('finance');
    expect((await as(finance, 'POST', '/admin-api/wallet/adjustments', { ...body, reason: '' })).statusCode).toBe(422);
    expect((await as(finance, 'POST', '/admin-api/wallet/adjustments', { ...body, amount: '0.00' })).statusCode).toBe(422);
    expect((await as(finance, 'POST', '/admin-api/wallet/adjustments', { ...body, amount: '1.234' })).statusCode).toBe(422);
    expect((await as(finance, 'POST', '/admin-api/wallet/adjustments', { ...body, memberId: 999_999_999 })).statusCode).toBe(404);
    const bonus = await as(finance, 'POST', '/admin-api/wallet/adjustments', body);
    expect(bonus.statusCode, bonus.body).toBe(200);
    expect(bonus.json().value).toMatchObject({ account: 'bonus', balanceAfter: '10.00' });
  });
});

describe('operator management', () => {
  it('lets an admin create an operator who can then log in, and refuses a taken name and a short password', async () => {
    const admin = await tokenOf('admin');
    const username = `fin${uniqueSuffix(6)}`;
    const created = await as(admin, 'POST', '/admin-api/operators', { username, password: 'Long-enough-1', role: 'finance' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().value).toMatchObject({ username, role: 'finance', status: 'ACTIVE', merchantCode: null, isLocked: false });
    expect(JSON.stringify(created.json())).not.toContain('argon2');
    expect((await login(username, 'Long-enough-1')).json().value.role).toBe('finance');
    const taken = await as(admin, 'POST', '/admin-api/operators', {
      username: username.toUpperCase(),
      password: 'Long-enough-1',
      role: 'support',
    });
    expect(taken.json().code).toBe('USERNAME_TAKEN');
    const short = await as(admin, 'POST', '/admin-api/operators', { username: `x${uniqueSuffix(6)}`, password: 'short', role: 'support' });
    expect(short.statusCode).toBe(422);
    const listed = await as(admin, 'GET', '/admin-api/operators');
    expect(listed.json().value.some((row: { username: string }) => row.username === username)).toBe(true);
    expect((await auditRows('operator.created')).some((row) => row.detail.username === username)).toBe(true);
  });

  it('keeps operator management to admins', async () => {
    for (const role of ['finance', 'support'] as const) {
      const token = await tokenOf(role);
      expect((await as(token, 'GET', '/admin-api/operators')).statusCode).toBe(403);
      const create = await as(token, 'POST', '/admin-api/operators', {
        username: `x${uniqueSuffix(6)}`,
        password: 'Long-enough-1',
        role: 'admin',
      });
      expect(create.statusCode).toBe(403);
    }
  });

  it('disabling or a new password ends the sessions; unlock clears a lockout; an admin cannot disable itself', async () => {
    const adminName = await createOperator('admin');
    const admin = (await login(adminName)).json().value.token as string;
    const targetName = await createOperator('support');
    const targetToken = (await login(targetName)).json().value.token as string;
    const [target] = await t.app.db.select().from(operators).where(eq(operators.username, targetName));
    const id = target?.id ?? 0;

    const reset = await as(admin, 'PATCH', `/admin-api/operators/${id}`, { password: 'Brand-new-pass-2' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await as(targetToken, 'GET', '/admin-api/session')).statusCode).toBe(403);
    expect((await login(targetName, PASSWORD)).statusCode).toBe(401);
    const fresh = (await login(targetName, 'Brand-new-pass-2')).json().value.token as string;

    const promoted = await as(admin, 'PATCH', `/admin-api/operators/${id}`, { role: 'finance' });
    expect(promoted.json().value.role).toBe('finance');
    const disabled = await as(admin, 'PATCH', `/admin-api/operators/${id}`, { status: 'DISABLED' });
    expect(disabled.json().value.status).toBe('DISABLED');
    expect((await as(fresh, 'GET', '/admin-api/session')).statusCode).toBe(403);

    await as(admin, 'PATCH', `/admin-api/operators/${id}`, { status: 'ACTIVE' });
    // A guessing source throttled, then an admin's unlock clears every counter of the name.
    const guesser = uniqueIp();
    for (let attempt = 0; attempt < BACKOFF_AFTER_PER_SOURCE; attempt += 1) {
      const captchaId = await plantCaptcha(t.app.db, 'K7PX');
      await client.call('POST', '/admin-api/session', {
        body: { username: targetName, password: 'wrong-guess', captcha: 'K7PX', captchaId },
        ip: guesser,
      });
    }
    expect((await login(targetName, 'Brand-new-pass-2', guesser)).json().code).toBe('LOGIN_THROTTLED');
    await as(admin, 'PATCH', `/admin-api/operators/${id}`, { unlock: true });
    expect((await login(targetName, 'Brand-new-pass-2', guesser)).statusCode).toBe(200);

    const [self] = await t.app.db.select().from(operators).where(eq(operators.username, adminName));
    const selfDisable = await as(admin, 'PATCH', `/admin-api/operators/${self?.id}`, { status: 'DISABLED' });
    expect(selfDisable.json().code).toBe('CONFLICT');
    const rows = (await auditRows('operator.updated')).filter((row) => row.targetId === String(id));
    expect(rows.length).toBe(5);
    expect(rows.every((row) => !JSON.stringify(row.detail).includes('Brand-new-pass'))).toBe(true);
  });
});

describe('demo operators', () => {
  it('seeds demofinance and demosupport once, and they can log in', async () => {
    await seedDemoOperators(t.app.db);
    await seedDemoOperators(t.app.db);
    for (const demo of DEMO_OPERATORS) {
      const rows = await t.app.db.select().from(operators).where(eq(operators.username, demo.username));
      expect(rows).toHaveLength(1);
      const response = await login(demo.username, demo.password);
      expect(response.json().value.role).toBe(demo.role);
    }
  });
});
