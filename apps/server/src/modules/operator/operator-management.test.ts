import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operators } from '../../db/schema/operators';
import { BACKOFF_AFTER_PER_SOURCE } from '../../platform/login-throttle';
import { createMember, plantCaptcha, uniqueIp, uniqueSuffix } from '../../test/factories';
import { verifyLedger } from '../wallet/verify-ledger';
import { PASSWORD, useOperatorSite } from './operator-accounts-test-kit';
import { DEMO_OPERATORS, seedDemoOperators } from './seed-demo-operators';

const { ctx, createOperator, login, tokenOf, as, auditRows, balanceOf } = useOperatorSite();

describe('manual adjustments', () => {
  it('credits and debits by a signed amount, never below zero, once per key, audited and notified', async () => {
    const created = await createMember(ctx.t.app.db, ctx.site.merchant.id);
    const memberToken = await ctx.client.login(created.member.username, created.password ?? '');
    const financeName = await createOperator('finance');
    const finance = (await login(financeName)).json().value.token as string;
    const base = { username: created.member.username, merchantCode: ctx.site.merchant.code, account: 'cash' };

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

    const inbox = await ctx.client.call('GET', '/wps/v2/notifications', { token: memberToken });
    expect(inbox.json().value.items.map((row: { kind: string; amount: string }) => [row.kind, row.amount])).toEqual([
      ['balance_adjusted', '-50.50'],
      ['balance_adjusted', '150.50'],
    ]);
    const audit = (await auditRows('adjustment.posted')).filter((row) => row.memberId === created.member.id);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ operatorName: financeName, reason: 'Goodwill for a failed round' });
    expect(audit[0]?.detail).toMatchObject({ balanceBefore: '0.00', balanceAfter: '150.50', account: 'cash' });
    const verdict = await verifyLedger(ctx.t.app.db);
    expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
  });

  it('refuses support, a missing reason, a zero amount and an unknown member', async () => {
    const created = await createMember(ctx.t.app.db, ctx.site.merchant.id);
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
    const [target] = await ctx.t.app.db.select().from(operators).where(eq(operators.username, targetName));
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
      const captchaId = await plantCaptcha(ctx.t.app.db, 'K7PX');
      await ctx.client.call('POST', '/admin-api/session', {
        body: { username: targetName, password: 'wrong-guess', captcha: 'K7PX', captchaId },
        ip: guesser,
      });
    }
    expect((await login(targetName, 'Brand-new-pass-2', guesser)).json().code).toBe('LOGIN_THROTTLED');
    await as(admin, 'PATCH', `/admin-api/operators/${id}`, { unlock: true });
    expect((await login(targetName, 'Brand-new-pass-2', guesser)).statusCode).toBe(200);

    const [self] = await ctx.t.app.db.select().from(operators).where(eq(operators.username, adminName));
    const selfDisable = await as(admin, 'PATCH', `/admin-api/operators/${self?.id}`, { status: 'DISABLED' });
    expect(selfDisable.json().code).toBe('CONFLICT');
    const rows = (await auditRows('operator.updated')).filter((row) => row.targetId === String(id));
    expect(rows.length).toBe(5);
    expect(rows.every((row) => !JSON.stringify(row.detail).includes('Brand-new-pass'))).toBe(true);
  });
});

describe('demo operators', () => {
  it('seeds demofinance and demosupport once, and they can log in', async () => {
    await seedDemoOperators(ctx.t.app.db);
    await seedDemoOperators(ctx.t.app.db);
    for (const demo of DEMO_OPERATORS) {
      const rows = await ctx.t.app.db.select().from(operators).where(eq(operators.username, demo.username));
      expect(rows).toHaveLength(1);
      const response = await login(demo.username, demo.password);
      expect(response.json().value.role).toBe(demo.role);
    }
  });
});
