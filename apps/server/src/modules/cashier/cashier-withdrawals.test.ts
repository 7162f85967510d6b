import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withdrawalRequests } from '../../db/schema/cashier';
import { factQueue } from '../../db/schema/facts';
import { jobRuns } from '../../db/schema/platform';
import { runJobOnce } from '../../platform/scheduler';
import { rowsOf } from '../../platform/sql-values';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestClient, type TestMerchant, updateMerchant } from '../../test/factories';
import { drainFacts } from '../../test/facts-test-kit';
import { autoConfirmWithdrawalsJob } from './auto-confirm-withdrawals';
import { cashierKit, PAY, useCashierSite } from './cashier-test-kit';

let t: TestApp;
let site: TestMerchant;
let client: TestClient;

useCashierSite((opened) => {
  ({ t, site, client } = opened);
});

const { expectLedgerOk, key, player, balanceOf, operator, fundedPlayer, bindBank } = cashierKit(() => ({ t, site, client }));

describe('withdrawals', () => {
  it('holds at request, posts at approval, and records the member confirmation', async () => {
    const member = await fundedPlayer('1000.00');
    const bankAccountId = await bindBank(member.member.id);
    const idempotencyKey = key();
    const body = { bankAccountId, amount: '400.00', paymentPassword: PAY, idempotencyKey };
    const [first, retry] = await Promise.all([
      client.call('POST', '/wps/v2/cashier/withdrawals', { token: member.token, body }),
      client.call('POST', '/wps/v2/cashier/withdrawals', { token: member.token, body }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(retry.json().value.id).toBe(first.json().value.id);
    expect(await balanceOf(member.token)).toBe('600.00');
    const id = first.json().value.id as number;
    const approvals = await Promise.all([1, 2].map(() => operator('POST', `/admin-api/cashier/withdrawals/${id}/approve`, {})));
    for (const approval of approvals) expect(approval.statusCode, approval.body).toBe(200);
    expect(approvals[0]?.json().value.confirmation).toBe('awaiting');
    const balances = (await client.call('GET', '/wps/v2/wallets/balance', { token: member.token })).json().value;
    expect(balances).toMatchObject({ balance: '600.00', cash: '600.00', held: '0.00' });
    const partial = await client.call('POST', `/wps/v2/cashier/withdrawals/${id}/confirm`, {
      token: member.token,
      body: { outcome: 'partial', receivedAmount: '150.00' },
    });
    expect(partial.json().value).toMatchObject({ confirmation: 'partial', receivedAmount: '150.00', remainingAmount: '250.00' });
    const changeMind = await client.call('POST', `/wps/v2/cashier/withdrawals/${id}/confirm`, {
      token: member.token,
      body: { outcome: 'received' },
    });
    expect(changeMind.json().code).toBe('REQUEST_NOT_PENDING');
    const inbox = await client.call('GET', '/wps/v2/notifications', { token: member.token });
    expect(inbox.json().value.items.map((row: { kind: string }) => row.kind)).toEqual(['withdrawal_approved', 'deposit_credited']);
    await expectLedgerOk();
  });

  it('releases the hold on rejection', async () => {
    const member = await fundedPlayer('800.00');
    const bankAccountId = await bindBank(member.member.id);
    const created = await client.call('POST', '/wps/v2/cashier/withdrawals', {
      token: member.token,
      body: { bankAccountId, amount: '800.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    expect(await balanceOf(member.token)).toBe('0.00');
    const rejected = await operator('POST', `/admin-api/cashier/withdrawals/${created.json().value.id}/reject`, { note: 'name mismatch' });
    expect(rejected.json().value.status).toBe('rejected');
    expect(await balanceOf(member.token)).toBe('800.00');
    const approveAfter = await operator('POST', `/admin-api/cashier/withdrawals/${created.json().value.id}/approve`, {});
    expect(approveAfter.json().code).toBe('REQUEST_NOT_PENDING');
    await expectLedgerOk();
  });

  it('records one WITHDRAWAL fact per approval (the agent rollups count it), none for a replayed approval, a rejection or a pending one', async () => {
    const member = await fundedPlayer('900.00');
    const bankAccountId = await bindBank(member.member.id);
    const ids: number[] = [];
    for (const amount of ['300.00', '200.00', '100.00']) {
      const created = await client.call('POST', '/wps/v2/cashier/withdrawals', {
        token: member.token,
        body: { bankAccountId, amount, paymentPassword: PAY, idempotencyKey: key() },
      });
      expect(created.statusCode, created.body).toBe(200);
      ids.push(created.json().value.id as number);
    }
    const [approvedId, rejectedId] = ids as [number, number, number];
    const approvals = await Promise.all([1, 2].map(() => operator('POST', `/admin-api/cashier/withdrawals/${approvedId}/approve`, {})));
    for (const approval of approvals) expect(approval.statusCode, approval.body).toBe(200);
    await operator('POST', `/admin-api/cashier/withdrawals/${rejectedId}/reject`, { note: 'no' });
    const withdrawalFacts = () =>
      t.app.db
        .select()
        .from(factQueue)
        .where(and(eq(factQueue.memberId, member.member.id), eq(factQueue.kind, 'WITHDRAWAL')));
    const [approved] = await t.app.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, approvedId));
    expect(await withdrawalFacts()).toEqual([
      expect.objectContaining({
        sourceId: approvedId,
        amount: approved?.amount,
        occurredAt: approved?.resolvedAt,
        gameType: null,
        payout: 0n,
      }),
    ]);
    // Applied once (then gone from the queue); approving again later replays and records nothing.
    await drainFacts(t.app);
    const replay = await operator('POST', `/admin-api/cashier/withdrawals/${approvedId}/approve`, {});
    expect(replay.statusCode, replay.body).toBe(200);
    expect(await withdrawalFacts()).toEqual([]);
    const rollup = rowsOf<{ withdrawals: string; withdrawal_count: number }>(
      await t.app.db.execute(sql`SELECT sum(withdrawals)::text AS withdrawals, sum(withdrawal_count)::int AS withdrawal_count
        FROM agent_member_play_hours WHERE member_id = ${member.member.id}`),
    );
    expect(rollup).toEqual([{ withdrawals: String(approved?.amount), withdrawal_count: 1 }]);
    await expectLedgerOk();
  });

  it('counts an unanswered payout as received after the merchant timeout, once across nodes', async () => {
    const member = await fundedPlayer('500.00');
    const bankAccountId = await bindBank(member.member.id);
    const created = await client.call('POST', '/wps/v2/cashier/withdrawals', {
      token: member.token,
      body: { bankAccountId, amount: '200.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    await operator('POST', `/admin-api/cashier/withdrawals/${created.json().value.id}/approve`, {});
    const job = autoConfirmWithdrawalsJob(t.app.db);
    const early = new Date(Date.now() + 5 * 60_000);
    await runJobOnce(t.app.db, job, early);
    let list = await client.call('GET', '/wps/v2/cashier/withdrawals', { token: member.token });
    expect(list.json().value[0].confirmation).toBe('awaiting');
    const late = new Date(Date.now() + 31 * 60_000);
    const runs = await Promise.all([runJobOnce(t.app.db, job, late), runJobOnce(t.app.db, job, late)]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    const claims = await t.app.db.select().from(jobRuns).where(eq(jobRuns.job, job.name));
    expect(claims.length).toBeGreaterThanOrEqual(2);
    list = await client.call('GET', '/wps/v2/cashier/withdrawals', { token: member.token });
    expect(list.json().value[0]).toMatchObject({ confirmation: 'auto_received', receivedAmount: '200.00', remainingAmount: '0.00' });
    expect(await balanceOf(member.token)).toBe('300.00');
    await expectLedgerOk();
  });

  it('needs a payment password, a bound bank account, enough funds and stays within daily limits', async () => {
    const member = await fundedPlayer('2000.00');
    const noBank = await client.call('POST', '/wps/v2/cashier/withdrawals', {
      token: member.token,
      body: { bankAccountId: 999999, amount: '100.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    expect(noBank.json().code).toBe('BANK_ACCOUNT_REQUIRED');
    const bankAccountId = await bindBank(member.member.id);
    const wrong = await client.call('POST', '/wps/v2/cashier/withdrawals', {
      token: member.token,
      body: { bankAccountId, amount: '100.00', paymentPassword: 'wrong', idempotencyKey: key() },
    });
    expect(wrong.json().code).toBe('PAYMENT_PASSWORD_INVALID');
    const tooMuch = await client.call('POST', '/wps/v2/cashier/withdrawals', {
      token: member.token,
      body: { bankAccountId, amount: '3000.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    expect(tooMuch.json().code).toBe('INSUFFICIENT_FUNDS');
    await updateMerchant(t.app, site.merchant.id, {
      settings: { cashier: { withdrawDailyMaxCount: 2, withdrawDailyMaxAmount: '700.00' } },
    });
    try {
      const ok1 = await client.call('POST', '/wps/v2/cashier/withdrawals', {
        token: member.token,
        body: { bankAccountId, amount: '300.00', paymentPassword: PAY, idempotencyKey: key() },
      });
      expect(ok1.statusCode, ok1.body).toBe(200);
      const overAmount = await client.call('POST', '/wps/v2/cashier/withdrawals', {
        token: member.token,
        body: { bankAccountId, amount: '500.00', paymentPassword: PAY, idempotencyKey: key() },
      });
      expect(overAmount.json().code).toBe('WITHDRAWAL_LIMIT_REACHED');
      const ok2 = await client.call('POST', '/wps/v2/cashier/withdrawals', {
        token: member.token,
        body: { bankAccountId, amount: '100.00', paymentPassword: PAY, idempotencyKey: key() },
      });
      expect(ok2.statusCode).toBe(200);
      const overCount = await client.call('POST', '/wps/v2/cashier/withdrawals', {
        token: member.token,
        body: { bankAccountId, amount: '100.00', paymentPassword: PAY, idempotencyKey: key() },
      });
      expect(overCount.json().code).toBe('WITHDRAWAL_LIMIT_REACHED');
    } finally {
      await updateMerchant(t.app, site.merchant.id, { settings: { cashier: {} } });
    }
    const noPassword = await player({ paymentPassword: null });
    const refused = await client.call('POST', '/wps/v2/cashier/withdrawals', {
      token: noPassword.token,
      body: { bankAccountId, amount: '100.00', paymentPassword: 'x', idempotencyKey: key() },
    });
    expect(refused.json().code).toBe('PAYMENT_PASSWORD_NOT_SET');
    await expectLedgerOk();
  });
});

describe('transfers', () => {
  it('moves cash down the tree and up to the direct upline only, once per key', async () => {
    const agent = await fundedPlayer('1000.00', { type: MEMBER_TYPE.AGENT_1 });
    const child = await player({ uplineId: agent.member.id });
    const grandchild = await player({ uplineId: child.member.id });
    const stranger = await player();

    const downlines = await client.call('GET', '/wps/v2/wallets/downlines', { token: agent.token });
    expect(
      downlines
        .json()
        .value.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([child.member.id, grandchild.member.id].sort());

    const idempotencyKey = key();
    const body = { downlineId: grandchild.member.id, amount: '250.00', paymentPassword: PAY, idempotencyKey };
    const sends = await Promise.all([1, 2, 3].map(() => client.call('POST', '/wps/v2/wallets/transferFund', { token: agent.token, body })));
    for (const send of sends) expect(send.statusCode, send.body).toBe(200);
    expect(await balanceOf(agent.token)).toBe('750.00');
    expect(await balanceOf(grandchild.token)).toBe('250.00');

    const outside = await client.call('POST', '/wps/v2/wallets/transferFund', {
      token: agent.token,
      body: { ...body, downlineId: stranger.member.id, idempotencyKey: key() },
    });
    expect(outside.json().code).toBe('NOT_IN_TEAM');
    const byPlayer = await client.call('POST', '/wps/v2/wallets/transferFund', {
      token: child.token,
      body: { ...body, idempotencyKey: key() },
    });
    expect(byPlayer.json().code).toBe('AGENT_ONLY');
    const badPassword = await client.call('POST', '/wps/v2/wallets/transferFund', {
      token: agent.token,
      body: { ...body, paymentPassword: 'nope', idempotencyKey: key() },
    });
    expect(badPassword.json().code).toBe('PAYMENT_PASSWORD_INVALID');

    const up = await client.call('POST', '/wps/v2/wallets/transferUpline', {
      token: grandchild.token,
      body: { amount: '50.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    expect(up.json().value).toMatchObject({ toUsername: child.member.username, amount: '50.00', balance: '200.00' });
    const noUpline = await client.call('POST', '/wps/v2/wallets/transferUpline', {
      token: stranger.token,
      body: { amount: '1.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    expect(noUpline.json().code).toBe('NOT_IN_TEAM');
    const overdraw = await client.call('POST', '/wps/v2/wallets/transferUpline', {
      token: grandchild.token,
      body: { amount: '500.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    expect(overdraw.json().code).toBe('INSUFFICIENT_FUNDS');

    await updateMerchant(t.app, site.merchant.id, { settings: { cashier: { transferDailyMaxAmount: '300.00' } } });
    try {
      const overDaily = await client.call('POST', '/wps/v2/wallets/transferFund', {
        token: agent.token,
        body: { ...body, amount: '100.00', idempotencyKey: key() },
      });
      expect(overDaily.json().code).toBe('TRANSFER_LIMIT_REACHED');
    } finally {
      await updateMerchant(t.app, site.merchant.id, { settings: { cashier: {} } });
    }
    await expectLedgerOk();
  });
});

describe('trial players and records', () => {
  it('gives trial players play money and refuses every real-money call', async () => {
    const trial = await createMember(t.app.db, site.merchant.id, { type: MEMBER_TYPE.TRIAL });
    const token = await client.login(trial.member.username, trial.password ?? '');
    const first = await client.call('GET', '/wps/v2/wallets/balance', { token });
    const second = await client.call('GET', '/wps/v2/wallets/balance', { token });
    expect(first.json().value).toMatchObject({ balance: '0.00', trial: '2000.00' });
    expect(second.json().value.trial).toBe('2000.00');
    const calls: [string, string, unknown][] = [
      ['GET', '/wps/v2/cashier/deposit/channels', undefined],
      ['POST', '/wps/v2/cashier/deposits', { channelId: 1, amount: '100.00', reference: 'TRX12345', idempotencyKey: key() }],
      ['POST', '/wps/v2/cashier/withdrawals', { bankAccountId: 1, amount: '100.00', paymentPassword: PAY, idempotencyKey: key() }],
      ['POST', '/wps/v2/wallets/transferUpline', { amount: '1.00', paymentPassword: PAY, idempotencyKey: key() }],
      ['GET', '/wps/v2/wallets/transactions', undefined],
    ];
    for (const [method, url, body] of calls) {
      const response = await client.call(method as 'GET' | 'POST', url, { token, ...(body ? { body } : {}) });
      expect(response.json().code, url).toBe('TRIAL_FORBIDDEN');
    }
    await expectLedgerOk();
  });

  it('lists cash history with type and date filters, paging and totals', async () => {
    const member = await fundedPlayer('1000.00');
    const bankAccountId = await bindBank(member.member.id);
    const withdrawal = await client.call('POST', '/wps/v2/cashier/withdrawals', {
      token: member.token,
      body: { bankAccountId, amount: '300.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    await operator('POST', `/admin-api/cashier/withdrawals/${withdrawal.json().value.id}/approve`, {});
    const all = await client.call('GET', '/wps/v2/wallets/transactions', { token: member.token });
    expect(all.json().value).toMatchObject({ total: 2, totals: { credited: '1000.00', debited: '300.00', net: '700.00' } });
    const deposits = await client.call('GET', '/wps/v2/wallets/transactions', { token: member.token, query: { type: 'deposit' } });
    expect(deposits.json().value.items.map((row: { amount: string }) => row.amount)).toEqual(['1000.00']);
    const paged = await client.call('GET', '/wps/v2/wallets/transactions', { token: member.token, query: { pageSize: '1', page: '2' } });
    expect(paged.json().value.items[0].type).toBe('deposit');
    const future = await client.call('GET', '/wps/v2/wallets/transactions', {
      token: member.token,
      query: { from: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(future.json().value.total).toBe(0);
  });
});
