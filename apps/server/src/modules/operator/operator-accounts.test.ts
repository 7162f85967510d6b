import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operatorAuditLog, operatorSessions, operators } from '../../db/schema/operators';
import { hashToken } from '../../platform/auth';
import { createMember, createMerchant, plantCaptcha, uniqueIp, uniqueSuffix, useRealClock } from '../../test/factories';
import { PASSWORD, ROOT_TOKEN, useOperatorSite } from './operator-accounts-test-kit';

const { ctx, createOperator, login, tokenOf, as, auditRows, pendingDeposit, balanceOf } = useOperatorSite();

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
    const [session] = await ctx.t.app.db
      .select()
      .from(operatorSessions)
      .where(eq(operatorSessions.tokenHash, hashToken(value.token)));
    expect(session).toBeTruthy();

    const me = await as(value.token, 'GET', '/admin-api/session');
    expect(me.json().value).toMatchObject({ username, role: 'finance' });
    const out = await as(value.token, 'DELETE', '/admin-api/session');
    expect(out.statusCode).toBe(200);
    expect((await as(value.token, 'GET', '/admin-api/session')).statusCode).toBe(403);
    const actions = (await ctx.t.app.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.operatorName, username))).map(
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
      const captchaId = await plantCaptcha(ctx.t.app.db, 'K7PX', { expiresAt: new Date(start.getTime() + 3_600_000) });
      return ctx.client.call('POST', '/admin-api/session', { body: { username, password, captcha: 'K7PX', captchaId }, ip });
    };
    try {
      ctx.t.setNow(start);
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
      const [row] = await ctx.t.app.db.select().from(operators).where(eq(operators.username, username));
      expect(row).toMatchObject({ failedLogins: 0, lockedUntil: null });

      // The guessing source's wait doubles with each further failure.
      ctx.t.setNow(new Date(start.getTime() + 16_000));
      expect((await withCaptcha('wrong-guess', attacker)).json().code).toBe('LOGIN_FAILED');
      expect((await withCaptcha(PASSWORD, attacker)).json().value.retryAfterSeconds).toBe(30);
    } finally {
      useRealClock(ctx.t);
    }
  });

  it('ends a session after its lifetime: an expired token is refused with SESSION_EXPIRED', async () => {
    const token = await tokenOf('support');
    expect((await as(token, 'GET', '/admin-api/session')).statusCode).toBe(200);
    ctx.t.setNow(new Date(Date.now() + 9 * 3_600_000));
    try {
      const expired = await as(token, 'GET', '/admin-api/cashier/deposits');
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('SESSION_EXPIRED');
    } finally {
      useRealClock(ctx.t);
    }
  });

  it('refuses a disabled operator after checking the password', async () => {
    const username = await createOperator('admin');
    await ctx.t.app.db.update(operators).set({ status: 'DISABLED' }).where(eq(operators.username, username));
    expect((await login(username)).json().code).toBe('ACCOUNT_DISABLED');
    expect((await login(username, 'wrong-guess')).json().code).toBe('LOGIN_FAILED');
  });

  it('keeps the bootstrap token working as root with the admin role; a member token is no operator', async () => {
    const me = await as(ROOT_TOKEN, 'GET', '/admin-api/session');
    expect(me.json().value).toMatchObject({ username: 'root', role: 'admin', id: null });
    const created = await createMember(ctx.t.app.db, ctx.site.merchant.id);
    const memberToken = await ctx.client.login(created.member.username, created.password ?? '');
    expect((await as(memberToken, 'GET', '/admin-api/cashier/deposits')).statusCode).toBe(403);
    expect((await ctx.client.call('GET', '/admin-api/cashier/deposits')).statusCode).toBe(401);
  });
});

describe('every operator route is guarded', () => {
  it('answers 401 without a credential and 403 with a member token on every /admin-api route but login', async () => {
    const created = await createMember(ctx.t.app.db, ctx.site.merchant.id);
    const memberToken = await ctx.client.login(created.member.username, created.password ?? '');
    const routes = ctx.t.app.registeredRoutes.filter(
      (route) =>
        route.url.startsWith('/admin-api/') && route.method !== 'HEAD' && !(route.url === '/admin-api/session' && route.method === 'POST'),
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const anonymous = await ctx.client.call(method, url, method === 'GET' || method === 'DELETE' ? {} : { body: {} });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const member = await ctx.client.call(method, url, {
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
      merchantId: ctx.site.merchant.id,
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
    const url = `/admin-api/merchants/${ctx.site.merchant.code}/maintenance`;
    expect((await as(finance, 'PUT', url, { on: true })).statusCode).toBe(403);
    const admin = await tokenOf('admin');
    expect((await as(admin, 'PUT', url, { on: true })).statusCode).toBe(200);
    expect((await as(admin, 'PUT', url, { on: false })).statusCode).toBe(200);
    const rows = (await auditRows('merchant.maintenance_changed')).filter((row) => row.targetId === ctx.site.merchant.code);
    expect(rows.map((row) => row.detail)).toEqual([
      { before: { isMaintenance: false, maintenanceEnd: null }, after: { isMaintenance: true, maintenanceEnd: null } },
      { before: { isMaintenance: true, maintenanceEnd: null }, after: { isMaintenance: false, maintenanceEnd: null } },
    ]);
  });

  it('keeps a merchant-scoped operator to its own merchant', async () => {
    const other = await createMerchant(ctx.t.app.db);
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
