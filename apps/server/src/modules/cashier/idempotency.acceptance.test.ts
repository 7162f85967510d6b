import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { depositRequests, memberTransfers, withdrawalRequests } from '../../db/schema/cashier';
import { ledgerTransfers } from '../../db/schema/ledger';
import { channelOf, sandboxCallbackRequest } from '../../test/cashier-acceptance-support';
import { envelopeOf } from '../../test/crash-harness';
import { onPostgres, PAY, useAcceptanceSite } from './concurrency-acceptance-test-kit';
import { requestHashOf } from './idempotency-key';

/*
 * Issue 4 acceptance through the HTTP API on real Postgres (split from
 * concurrency.acceptance.test.ts): a gateway deposit recorded but never started is started by
 * the retry, and (d) one idempotency key sent 20 times in parallel applies once. The app listens
 * on a real port and every call goes over its own socket. PGlite has one connection (nothing
 * races), so this is Postgres only.
 */

const { ctx, key, operator, codeOf, newPlayer, deposit, apiBalances, expectLedgerSound } = useAcceptanceSite();

// Generous: the shared CI machine has two cores and argon2 checks every payment password.
describe.skipIf(!onPostgres)('cashier over real HTTP on Postgres', { timeout: 180_000 }, () => {
  it('a gateway deposit recorded but never started (the process died in between) is started by the retry', async () => {
    const player = await newPlayer();
    const sandbox = await channelOf(ctx.t.app.db, ctx.site.merchant.id, 'sandbox');
    const idempotencyKey = key('half');
    const amount = 33_000n;
    // Exactly what the first attempt's first statement left behind.
    const [halfDone] = await ctx.t.app.db
      .insert(depositRequests)
      .values({
        merchantId: ctx.site.merchant.id,
        memberId: player.id,
        channelId: sandbox.id,
        amount,
        idempotencyKey,
        requestHash: requestHashOf({ channelId: sandbox.id, amount, reference: null, proof: null }),
        createdAt: new Date(),
      })
      .returning();
    if (!halfDone) throw new Error('insert returned nothing');
    const token = await ctx.sessions.token(player);
    const retries = await Promise.all(
      Array.from({ length: 5 }, () =>
        ctx.client.request({
          method: 'POST',
          path: CASHIER_PATHS.deposits,
          token,
          body: { channelId: sandbox.id, amount: '330.00', idempotencyKey },
        }),
      ),
    );
    expect(retries.map((retry) => [codeOf(retry), envelopeOf(retry).value.id])).toEqual(Array(5).fill(['OK', halfDone.id]));
    const [started] = await ctx.t.app.db.select().from(depositRequests).where(eq(depositRequests.id, halfDone.id));
    expect(started?.gatewayTransactionId).toMatch(/^sbx_/);
    const paid = await ctx.client.request(await sandboxCallbackRequest(ctx.t.app.db, halfDone.id, 'paid'));
    expect(paid.json).toEqual({ received: true, status: 'approved' });
    expect(await apiBalances(player)).toMatchObject({ cash: '330.00' });
    await expectLedgerSound();
  });

  describe('the same idempotency key sent 20 times in parallel applies once', () => {
    const twenty = <T>(make: (index: number) => Promise<T>) => Promise.all(Array.from({ length: 20 }, (_unused, index) => make(index)));

    it('a signed sandbox callback, and the member deposit request that started it', async () => {
      const player = await newPlayer();
      const sandbox = await channelOf(ctx.t.app.db, ctx.site.merchant.id, 'sandbox');
      const token = await ctx.sessions.token(player);
      const body = { channelId: sandbox.id, amount: '750.00', idempotencyKey: key('same-dep') };
      const created = await twenty(() => ctx.client.request({ method: 'POST', path: CASHIER_PATHS.deposits, token, body }));
      expect(created.map(codeOf)).toEqual(Array(20).fill('OK'));
      const ids = new Set(created.map((result) => envelopeOf(result).value.id));
      expect(ids.size).toBe(1);
      const depositId = Number([...ids][0]);
      const rows = await ctx.t.app.db.select().from(depositRequests).where(eq(depositRequests.memberId, player.id));
      expect(rows).toHaveLength(1);

      const callback = await sandboxCallbackRequest(ctx.t.app.db, depositId, 'paid');
      const deliveries = await twenty(() => ctx.client.request(callback));
      expect(deliveries.map((delivery) => [delivery.status, (delivery.json as { status?: string }).status])).toEqual(
        Array(20).fill([200, 'approved']),
      );
      const credits = await ctx.t.app.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, `deposit:${depositId}`));
      expect(credits).toHaveLength(1);
      expect(await apiBalances(player)).toMatchObject({ cash: '750.00', held: '0.00' });
      await expectLedgerSound();
    });

    it('an operator approval of one manual deposit', async () => {
      const player = await newPlayer();
      const bkash = await channelOf(ctx.t.app.db, ctx.site.merchant.id, 'bkash');
      const created = await ctx.client.request({
        method: 'POST',
        path: CASHIER_PATHS.deposits,
        token: await ctx.sessions.token(player),
        body: { channelId: bkash.id, amount: '640.00', reference: 'TRX55501234', idempotencyKey: key('manual') },
      });
      const id = envelopeOf(created).value.id;
      const approvals = await twenty(() => operator('POST', `/admin-api/cashier/deposits/${id}/approve`));
      expect(approvals.map(codeOf)).toEqual(Array(20).fill('OK'));
      expect(await apiBalances(player)).toMatchObject({ cash: '640.00' });
      const inbox = await ctx.client.request({ method: 'GET', path: CASHIER_PATHS.notifications, token: await ctx.sessions.token(player) });
      expect(envelopeOf<{ items: { kind: string }[] }>(inbox).value.items.map((item) => item.kind)).toEqual(['deposit_credited']);
      await expectLedgerSound();
    });

    it('a withdrawal request', async () => {
      const player = await newPlayer();
      await deposit(player, '500.00');
      const body = { bankAccountId: player.bankAccountId, amount: '120.00', paymentPassword: PAY, idempotencyKey: key('same-wd') };
      const tokens = await twenty(() => ctx.sessions.secretToken(player));
      const results = await twenty((index) =>
        ctx.client.request({ method: 'POST', path: CASHIER_PATHS.withdrawals, token: tokens[index], body }),
      );
      expect(results.map(codeOf)).toEqual(Array(20).fill('OK'));
      expect(new Set(results.map((result) => envelopeOf(result).value.id)).size).toBe(1);
      expect(await apiBalances(player)).toMatchObject({ balance: '380.00', cash: '500.00', held: '120.00' });
      const rows = await ctx.t.app.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.memberId, player.id));
      expect(rows).toHaveLength(1);
      await expectLedgerSound();
    });

    it('a transfer to a downline and a transfer to the upline', async () => {
      const agent = await newPlayer({ type: MEMBER_TYPE.AGENT_1 });
      const child = await newPlayer({ uplineId: agent.id });
      await deposit(agent, '1000.00');
      const down = { downlineId: child.id, amount: '300.00', paymentPassword: PAY, idempotencyKey: key('same-down') };
      const agentTokens = await twenty(() => ctx.sessions.secretToken(agent));
      const sent = await twenty((index) =>
        ctx.client.request({ method: 'POST', path: CASHIER_PATHS.transferFund, token: agentTokens[index], body: down }),
      );
      expect(sent.map(codeOf)).toEqual(Array(20).fill('OK'));
      expect(new Set(sent.map((result) => envelopeOf(result).value.id)).size).toBe(1);

      const up = { amount: '45.50', paymentPassword: PAY, idempotencyKey: key('same-up') };
      const childTokens = await twenty(() => ctx.sessions.secretToken(child));
      const returned = await twenty((index) =>
        ctx.client.request({ method: 'POST', path: CASHIER_PATHS.transferUpline, token: childTokens[index], body: up }),
      );
      expect(returned.map(codeOf)).toEqual(Array(20).fill('OK'));
      expect(new Set(returned.map((result) => envelopeOf(result).value.id)).size).toBe(1);

      expect(await apiBalances(agent)).toMatchObject({ cash: '745.50' });
      expect(await apiBalances(child)).toMatchObject({ cash: '254.50' });
      const rows = await ctx.t.app.db
        .select()
        .from(memberTransfers)
        .where(inArray(memberTransfers.fromMemberId, [agent.id, child.id]));
      expect(rows).toHaveLength(2);
      await expectLedgerSound();
    });
  });
});
