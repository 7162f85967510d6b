import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankAccounts, memberProfiles, passwordResetTokens, verificationCodes } from '../../db/schema/accounts';
import { operatorAuditLog } from '../../db/schema/operators';
import { fundCash, playRound } from '../../test/agent-test-fixture';
import { ancestorsOf, createMember, createMerchant, uniqueIp, uniqueSuffix } from '../../test/factories';
import { useOperatorSite } from '../operator/operator-accounts-test-kit';

const { ctx, tokenOf, as } = useOperatorSite();

function phone() {
  return { dialingCode: '+880', national: `17${uniqueSuffix(8).replace(/\D/g, '').padEnd(8, '3').slice(0, 8)}` };
}

describe('member search', () => {
  it('finds a member by each kind and says what the text matched', async () => {
    const admin = await tokenOf('admin');
    const mobile = phone();
    const email = `desk${uniqueSuffix(6)}@example.com`.toLowerCase();
    const agent = await createMember(ctx.t.app.db, ctx.site.merchant.id, { type: 1 });
    const found = await createMember(ctx.t.app.db, ctx.site.merchant.id, { mobile, email, uplineId: agent.member.id });
    const surname = `Rahman${uniqueSuffix(5)}`;
    await ctx.t.app.db.insert(memberProfiles).values({ memberId: found.member.id, fullName: `Karim ${surname}` });
    const accountNumber = `99${Date.now()}`.slice(0, 14);
    await ctx.t.app.db
      .insert(bankAccounts)
      .values({ memberId: found.member.id, merchantId: ctx.site.merchant.id, accountName: 'Karim', accountNumber, bankName: 'BRAC' });
    const ip = uniqueIp();
    await ctx.client.login(found.member.username, found.password ?? '', { ip });

    const cases: [string, string, string][] = [
      ['any', mobile.national.slice(2), 'phone'],
      ['any', email.toUpperCase(), 'email'],
      ['any', found.member.username.slice(0, 10), 'username'],
      ['name', surname.toLowerCase(), 'name'],
      ['bank', accountNumber.slice(0, 10), 'bank'],
      ['any', ip, 'ip'],
      ['agent', agent.member.username, 'agent'],
    ];
    for (const [field, q, matched] of cases) {
      const response = await as(admin, 'GET', `/admin-api/members?field=${field}&q=${encodeURIComponent(q)}`);
      expect(response.statusCode, `${field} ${q}: ${response.body}`).toBe(200);
      const value = response.json().value;
      expect(value.matched, q).toBe(matched);
      expect(
        value.items.map((item: { id: number }) => item.id),
        `${field} ${q}`,
      ).toContain(found.member.id);
      // A list masks contact details: the full number is an audited read of one member's page.
      const row = value.items.find((item: { id: number }) => item.id === found.member.id);
      expect(row.mobile).not.toContain(mobile.national);
    }
  });

  it('pages by keyset: the next page starts below the last id and never repeats a member', async () => {
    const admin = await tokenOf('admin');
    const prefix = `kp${uniqueSuffix(5)}`.toLowerCase();
    for (let index = 0; index < 5; index += 1) await createMember(ctx.t.app.db, ctx.site.merchant.id, { username: `${prefix}${index}` });
    const first = (await as(admin, 'GET', `/admin-api/members?field=username&q=${prefix}&size=3`)).json().value;
    expect(first.items).toHaveLength(3);
    expect(first.nextAfter).toBe(first.items[2].id);
    const second = (await as(admin, 'GET', `/admin-api/members?field=username&q=${prefix}&size=3&after=${first.nextAfter}`)).json().value;
    expect(second.items).toHaveLength(2);
    expect(second.nextAfter).toBeNull();
    const ids = [...first.items, ...second.items].map((item: { id: number }) => item.id);
    expect(new Set(ids).size).toBe(5);
  });

  it("keeps a merchant-scoped operator inside its merchant: another merchant's member is not found", async () => {
    const other = await createMerchant(ctx.t.app.db);
    const stranger = await createMember(ctx.t.app.db, other.merchant.id);
    const scoped = await tokenOf('support', { merchantId: ctx.site.merchant.id });
    const search = await as(scoped, 'GET', `/admin-api/members?field=username&q=${stranger.member.username}`);
    expect(search.json().value.items).toEqual([]);
    expect((await as(scoped, 'GET', `/admin-api/members/${stranger.member.id}`)).statusCode).toBe(404);
  });
});

describe("a member's page and actions", () => {
  it('shows the unmasked profile and audits the read (who, which member, which fields)', async () => {
    const support = await tokenOf('support');
    const mobile = phone();
    const created = await createMember(ctx.t.app.db, ctx.site.merchant.id, { mobile });
    const response = await as(support, 'GET', `/admin-api/members/${created.member.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const value = response.json().value;
    expect(value.member.mobile).toBe(`${mobile.dialingCode}${mobile.national}`);
    expect(value.balances.cash).toBe('0.00');
    expect(value.protection.restricted).toBe(false);
    const rows = await ctx.t.app.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'member.personal_data_viewed'), eq(operatorAuditLog.memberId, created.member.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.detail).toMatchObject({ fields: expect.arrayContaining(['mobile', 'realName']) });
  });

  it('records where a member logs in from and links accounts sharing an IP', async () => {
    const admin = await tokenOf('admin');
    const ip = uniqueIp();
    const one = await createMember(ctx.t.app.db, ctx.site.merchant.id);
    const two = await createMember(ctx.t.app.db, ctx.site.merchant.id);
    await ctx.client.login(one.member.username, one.password ?? '', { ip });
    await ctx.client.login(one.member.username, one.password ?? '', { ip });
    await ctx.client.login(two.member.username, two.password ?? '', { ip });
    const sightings = (await as(admin, 'GET', `/admin-api/members/${one.member.id}/sightings`)).json().value;
    expect(sightings.items).toEqual([expect.objectContaining({ ip, logins: 2 })]);
    const linked = (await as(admin, 'GET', `/admin-api/members/${one.member.id}/linked`)).json().value;
    expect(linked.items).toEqual([expect.objectContaining({ member: expect.objectContaining({ id: two.member.id }) })]);
  });

  it('locks a member: every open session ends at once, the next call is refused, and the audit keeps the reason', async () => {
    const finance = await tokenOf('finance');
    const created = await createMember(ctx.t.app.db, ctx.site.merchant.id);
    const memberToken = await ctx.client.login(created.member.username, created.password ?? '');
    expect((await ctx.client.call('GET', '/wps/v2/wallets/balance', { token: memberToken })).statusCode).toBe(200);

    const lock = await as(finance, 'POST', `/admin-api/members/${created.member.id}/lock`, {
      reason: 'Account takeover reported by phone',
    });
    expect(lock.statusCode, lock.body).toBe(200);
    expect(lock.json().value).toMatchObject({ status: 'FROZEN', revokedSessions: 1 });
    expect((await ctx.client.call('GET', '/wps/v2/wallets/balance', { token: memberToken })).statusCode).toBe(401);
    const relogin = await ctx.client.call('POST', '/wps/session/login', {
      body: { type: 'username', username: created.member.username, password: created.password },
    });
    expect(relogin.json().success).toBe(false);
    const [audit] = await ctx.t.app.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'member.locked'), eq(operatorAuditLog.memberId, created.member.id)));
    expect(audit?.reason).toBe('Account takeover reported by phone');

    const unlock = await as(finance, 'POST', `/admin-api/members/${created.member.id}/unlock`, { reason: 'Owner verified by ID' });
    expect(unlock.json().value.status).toBe('ACTIVE');
    expect(await ctx.client.login(created.member.username, created.password ?? '')).toMatch(/\S{20,}/);
  });

  it('refuses actions without a reason, and actions beyond the role', async () => {
    const support = await tokenOf('support');
    const created = await createMember(ctx.t.app.db, ctx.site.merchant.id);
    expect((await as(support, 'POST', `/admin-api/members/${created.member.id}/lock`, { reason: 'no' })).statusCode).toBe(403);
    const finance = await tokenOf('finance');
    expect((await as(finance, 'POST', `/admin-api/members/${created.member.id}/lock`, { reason: '' })).statusCode).toBe(422);
    expect(
      (await as(finance, 'POST', `/admin-api/members/${created.member.id}/tester`, { reason: 'QA account', isTester: true })).statusCode,
    ).toBe(403);
    const admin = await tokenOf('admin');
    const marked = await as(admin, 'POST', `/admin-api/members/${created.member.id}/tester`, { reason: 'QA account', isTester: true });
    expect(marked.json().value.isTester).toBe(true);
    expect((await as(admin, 'GET', `/admin-api/members/${created.member.id}`)).json().value.member).toMatchObject({
      isTester: true,
      testerReason: 'QA account',
    });
  });

  it('force logout ends sessions but leaves the account usable; notes are kept newest first', async () => {
    const support = await tokenOf('support');
    const created = await createMember(ctx.t.app.db, ctx.site.merchant.id);
    const memberToken = await ctx.client.login(created.member.username, created.password ?? '');
    const out = await as(support, 'POST', `/admin-api/members/${created.member.id}/logout`, { reason: 'Logged in on a shared PC' });
    expect(out.json().value).toMatchObject({ status: 'ACTIVE', revokedSessions: 1 });
    expect((await ctx.client.call('GET', '/wps/v2/wallets/balance', { token: memberToken })).statusCode).toBe(401);
    await as(support, 'POST', `/admin-api/members/${created.member.id}/notes`, { body: 'Called about a late deposit' });
    const notes = (await as(support, 'POST', `/admin-api/members/${created.member.id}/notes`, { body: 'Deposit found, credited' })).json()
      .value;
    expect(notes.items.map((note: { body: string }) => note.body)).toEqual(['Deposit found, credited', 'Called about a late deposit']);
  });

  it('sends a password reset by SMS code or e-mail link through the site providers; the operator never sees a password', async () => {
    const support = await tokenOf('support');
    const mobile = phone();
    const email = `reset${uniqueSuffix(6)}@example.com`.toLowerCase();
    const created = await createMember(ctx.t.app.db, ctx.site.merchant.id, { mobile, email, emailVerified: true });
    const sms = await as(support, 'POST', `/admin-api/members/${created.member.id}/reset-password`, {
      channel: 'SMS',
      reason: 'Member called, lost password',
    });
    expect(sms.statusCode, sms.body).toBe(200);
    expect(sms.json().value.sentTo).not.toContain(mobile.national);
    const codes = await ctx.t.app.db.select().from(verificationCodes).where(eq(verificationCodes.memberId, created.member.id));
    expect(codes.map((code) => [code.channel, code.purpose])).toEqual([['SMS', 'NO_LOGIN']]);
    const mail = await as(support, 'POST', `/admin-api/members/${created.member.id}/reset-password`, {
      channel: 'EMAIL',
      reason: 'Member asked by e-mail',
    });
    expect(mail.statusCode, mail.body).toBe(200);
    expect(await ctx.t.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.memberId, created.member.id))).toHaveLength(
      1,
    );
    const audits = await ctx.t.app.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'member.password_reset_sent'), eq(operatorAuditLog.memberId, created.member.id)));
    expect(audits.map((row) => row.reason).sort()).toEqual(['Member asked by e-mail', 'Member called, lost password']);
  });

  it('moves a member and its team under another agent, keeping the closure table exact, and refuses a cycle', async () => {
    const admin = await tokenOf('admin');
    const oldAgent = await createMember(ctx.t.app.db, ctx.site.merchant.id, { type: 1 });
    const newAgent = await createMember(ctx.t.app.db, ctx.site.merchant.id, { type: 1 });
    const subAgent = await createMember(ctx.t.app.db, ctx.site.merchant.id, { type: 1, uplineId: oldAgent.member.id });
    const player = await createMember(ctx.t.app.db, ctx.site.merchant.id, { uplineId: subAgent.member.id });
    const moved = await as(admin, 'POST', `/admin-api/members/${subAgent.member.id}/agent`, {
      agentUsername: newAgent.member.username,
      reason: 'Agent agreement moved',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().value).toEqual({ agentUsername: newAgent.member.username, movedMembers: 2 });
    expect(await ancestorsOf(ctx.t.app.db, player.member.id)).toEqual([
      [player.member.id, 0],
      [subAgent.member.id, 1],
      [newAgent.member.id, 2],
    ]);
    // The new agent under its own former downline would be a team containing itself.
    const cycle = await as(admin, 'POST', `/admin-api/members/${newAgent.member.id}/agent`, {
      agentUsername: subAgent.member.username,
      reason: 'Try a loop',
    });
    expect(cycle.statusCode).toBe(409);
    const notAgent = await as(admin, 'POST', `/admin-api/members/${player.member.id}/agent`, {
      agentUsername: player.member.username,
      reason: 'Not an agent',
    });
    expect(notAgent.statusCode).toBe(422);
  });

  it('shows rounds of every game path with totals, and the ledger through the wallet', async () => {
    const support = await tokenOf('support');
    const created = await createMember(ctx.t.app.db, ctx.site.merchant.id);
    await fundCash(ctx.t.app.db, ctx.site.merchant, created.member, '500');
    await playRound(ctx.t.app.db, ctx.site.merchant, created.member, { bet: '20', payout: '35.50', closedAt: new Date() });
    await playRound(ctx.t.app.db, ctx.site.merchant, created.member, { bet: '10', payout: '0', closedAt: new Date() });
    const rounds = (await as(support, 'GET', `/admin-api/members/${created.member.id}/rounds`)).json().value;
    expect(rounds.total).toBe(2);
    expect(rounds.totals).toMatchObject({ rounds: 2, betAmount: '30.00', payout: '35.50', profit: '5.50' });
    const ledger = (await as(support, 'GET', `/admin-api/members/${created.member.id}/ledger`)).json().value;
    expect(ledger.items.map((entry: { amount: string }) => entry.amount)).toEqual(['500.00']);
    const promotions = await as(support, 'GET', `/admin-api/members/${created.member.id}/promotions`);
    expect(promotions.statusCode, promotions.body).toBe(200);
    expect(promotions.json().value.items).toEqual([]);
  });
});
