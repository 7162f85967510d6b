import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { formatAmount, parseAmount } from '@kismat/contracts/wallet';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { depositRequests, memberTransfers, withdrawalRequests } from '../../db/schema/cashier';
import { ledgerHolds, ledgerTransfers } from '../../db/schema/ledger';
import { channelOf, sandboxCallbackRequest, seededRandom } from '../../test/cashier-acceptance-support';
import { envelopeOf, type HttpResult } from '../../test/crash-harness';
import { uniqueSuffix } from '../../test/factories';
import { getMemberBalances } from '../wallet/get-member-balances';
import { OPERATIONS, onPostgres, type Player, useAcceptanceSite, WORKERS } from './concurrency-acceptance-test-kit';

/*
 * Issue 4 acceptance through the HTTP API on real Postgres: the app listens on a real port and
 * every call goes over its own socket, so requests race in the pool exactly as in production.
 * (a) 50 parallel withdrawals and (b) 50 parallel transfers against one balance never overdraw;
 * (c) 1,000 random mixed cashier operations from 20 workers leave every balance equal to the sum
 * of what the API said it did and the ledger verifiable; (d) one idempotency key sent 20 times
 * in parallel applies once. PGlite has one connection (nothing races), so this is Postgres only.
 * CASHIER_ACCEPTANCE_SEED replays a run of (c).
 */

const { ctx, key, operator, codeOf, newPlayer, withPassword, deposit, apiBalances, expectLedgerSound } = useAcceptanceSite();

// Generous: the shared CI machine has two cores and argon2 checks every payment password.
describe.skipIf(!onPostgres)('cashier over real HTTP on Postgres', { timeout: 180_000 }, () => {
  it('50 parallel withdrawals against one balance never overdraw: exactly floor(balance / amount) are held', async () => {
    const player = await newPlayer();
    await deposit(player, '1000.00');
    const requests = await Promise.all(
      Array.from({ length: 50 }, () =>
        withPassword(player, CASHIER_PATHS.withdrawals, { bankAccountId: player.bankAccountId, amount: '30.00' }, 'w'),
      ),
    );
    const results = await Promise.all(requests.map((request) => ctx.client.request(request)));
    const codes = results.map(codeOf);
    expect(codes.filter((code) => code === 'OK')).toHaveLength(33);
    expect(codes.filter((code) => code !== 'OK')).toEqual(Array(17).fill('INSUFFICIENT_FUNDS'));
    for (const refused of results.filter((result) => codeOf(result) !== 'OK')) expect(refused.status).toBe(409);

    expect(await apiBalances(player)).toMatchObject({ balance: '10.00', cash: '1000.00', held: '990.00' });
    const rows = await ctx.t.app.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.memberId, player.id));
    expect(rows).toHaveLength(33);
    const holds = await ctx.t.app.db
      .select({ total: sql<string>`sum(${ledgerHolds.amount})::text`, count: sql<number>`count(*)::int` })
      .from(ledgerHolds)
      .where(
        and(
          eq(ledgerHolds.status, 'pending'),
          inArray(
            ledgerHolds.id,
            rows.map((row) => row.holdId),
          ),
        ),
      );
    expect(holds[0]).toEqual({ total: '99000', count: 33 });
    await expectLedgerSound();
  });

  it('50 parallel transfers from one agent to its downlines never overdraw', async () => {
    const agent = await newPlayer({ type: MEMBER_TYPE.AGENT_1 });
    const downlines = await Promise.all(Array.from({ length: 5 }, () => newPlayer({ uplineId: agent.id })));
    await deposit(agent, '1000.00');
    const requests = await Promise.all(
      Array.from({ length: 50 }, (_unused, index) =>
        withPassword(agent, CASHIER_PATHS.transferFund, { downlineId: downlines[index % downlines.length]?.id, amount: '30.00' }, 'd'),
      ),
    );
    const results = await Promise.all(requests.map((request) => ctx.client.request(request)));
    const codes = results.map(codeOf);
    expect(codes.filter((code) => code === 'OK')).toHaveLength(33);
    expect(codes.filter((code) => code !== 'OK')).toEqual(Array(17).fill('INSUFFICIENT_FUNDS'));

    expect(await apiBalances(agent)).toMatchObject({ balance: '10.00', cash: '10.00', held: '0.00' });
    let received = 0n;
    for (const downline of downlines) received += parseAmount((await apiBalances(downline)).cash);
    expect(formatAmount(received)).toBe('990.00');
    // A refused transfer leaves no business row behind either.
    const rows = await ctx.t.app.db.select().from(memberTransfers).where(eq(memberTransfers.fromMemberId, agent.id));
    expect(rows).toHaveLength(33);
    expect(rows.every((row) => row.ledgerTransferId !== null)).toBe(true);
    await expectLedgerSound();
  });

  it(`${OPERATIONS} random mixed operations from ${WORKERS} workers: every balance is the sum of the successful responses`, async () => {
    const seed = Number(process.env.CASHIER_ACCEPTANCE_SEED ?? Date.now() % 1_000_000);
    const random = seededRandom(seed);
    const pick = <T>(items: readonly T[]): T => {
      const item = items[Math.floor(random() * items.length)];
      if (item === undefined) throw new Error('pick from nothing');
      return item;
    };
    const between = (low: number, high: number) => BigInt(low + Math.floor(random() * (high - low + 1))) * 100n;

    // Four agents with four players each; everyone starts with money from an approved deposit.
    const agents: Player[] = [];
    const players: Player[] = [];
    for (let index = 0; index < 4; index += 1) {
      const agent = await newPlayer({ type: MEMBER_TYPE.AGENT_1 });
      agents.push(agent);
      for (let child = 0; child < 4; child += 1) players.push(await newPlayer({ uplineId: agent.id }));
    }
    const everyone = [...agents, ...players];
    const expected = new Map<number, { cash: bigint; held: bigint }>(everyone.map((member) => [member.id, { cash: 0n, held: 0n }]));
    const account = (id: number) => {
      const found = expected.get(id);
      if (!found) throw new Error(`unknown member ${id}`);
      return found;
    };
    await Promise.all(everyone.map((member) => deposit(member, agents.includes(member) ? '20000.00' : '2000.00')));
    for (const agent of agents) account(agent.id).cash += 2_000_000n;
    for (const player of players) account(player.id).cash += 200_000n;
    const bkash = await channelOf(ctx.t.app.db, ctx.site.merchant.id, 'bkash');
    const sandbox = await channelOf(ctx.t.app.db, ctx.site.merchant.id, 'sandbox');

    // Work that another worker may finish later: racing reviews of the same request are part of the test.
    const pendingDeposits: { id: number; memberId: number; amount: bigint }[] = [];
    const pendingWithdrawals: { id: number; memberId: number; amount: bigint }[] = [];
    const creditedGatewayDeposits = new Set<number>();
    const outcomes = new Map<string, number>();
    const unexpected: string[] = [];
    const tally = (label: string) => outcomes.set(label, (outcomes.get(label) ?? 0) + 1);
    const check = (label: string, result: HttpResult, allowed: readonly string[] = []): boolean => {
      const code = codeOf(result);
      tally(`${label}:${code}`);
      if (code === 'OK') return true;
      if (!allowed.includes(code)) unexpected.push(`${label}: HTTP ${result.status} ${code} ${result.body.slice(0, 200)}`);
      return false;
    };
    const take = <T>(queue: T[]): T | undefined =>
      queue.length === 0 ? undefined : queue.splice(Math.floor(random() * queue.length), 1)[0];
    /**
     * An operator review of a pending deposit or withdrawal, approved with the given share; sometimes two operators click
     * at once, one approving and one rejecting: exactly one wins. The winning action, if any.
     */
    const review = async (kind: 'deposit' | 'withdrawal', id: number, approveShare: number) => {
      const actions =
        random() < 0.15 ? (['approve', 'reject'] as const) : random() < approveShare ? (['approve'] as const) : (['reject'] as const);
      const label = kind === 'deposit' ? 'reviewDeposit' : 'reviewWithdrawal';
      const results = await Promise.all(actions.map((action) => operator('POST', `/admin-api/cashier/${kind}s/${id}/${action}`)));
      const winners = actions.filter((_action, index) => check(label, results[index] as HttpResult, ['REQUEST_NOT_PENDING']));
      if (winners.length !== 1) unexpected.push(`${kind} ${id}: ${winners.length} of ${actions.join('+')} succeeded`);
      return winners[0];
    };

    const operations: Record<string, () => Promise<void>> = {
      async manualDeposit() {
        const member = pick(everyone);
        const amount = between(200, 3000);
        const result = await ctx.client.request({
          method: 'POST',
          path: CASHIER_PATHS.deposits,
          token: await ctx.sessions.token(member),
          body: { channelId: bkash.id, amount: formatAmount(amount), reference: `TRX${uniqueSuffix(8)}`, idempotencyKey: key('dep') },
        });
        if (check('manualDeposit', result)) pendingDeposits.push({ id: Number(envelopeOf(result).value.id), memberId: member.id, amount });
      },
      async reviewDeposit() {
        const pending = take(pendingDeposits);
        if (!pending) return;
        if ((await review('deposit', pending.id, 0.8)) === 'approve') account(pending.memberId).cash += pending.amount;
      },
      async gatewayDeposit() {
        const member = pick(everyone);
        const amount = between(100, 3000);
        const created = await ctx.client.request({
          method: 'POST',
          path: CASHIER_PATHS.deposits,
          token: await ctx.sessions.token(member),
          body: { channelId: sandbox.id, amount: formatAmount(amount), idempotencyKey: key('gw') },
        });
        // A member has one open online order per channel: another amount while one is open is refused.
        if (!check('gatewayDeposit', created, ['DEPOSIT_ORDER_OPEN'])) return;
        const isPaid = random() < 0.8;
        const callback = await sandboxCallbackRequest(ctx.t.app.db, Number(envelopeOf(created).value.id), isPaid ? 'paid' : 'failed');
        // The provider sometimes delivers twice at once.
        const deliveries = await Promise.all(Array.from({ length: random() < 0.3 ? 2 : 1 }, () => ctx.client.request(callback)));
        const statuses = deliveries.map((delivery) =>
          check('gatewayCallback', delivery) ? (delivery.json as { status: string }).status : 'x',
        );
        if (new Set(statuses).size !== 1) unexpected.push(`duplicate callbacks answered differently: ${statuses.join(', ')}`);
        // The same amount while the order is open is the same order (a second tap): credited once.
        const depositId = Number(envelopeOf(created).value.id);
        if (statuses[0] === 'approved' && !creditedGatewayDeposits.has(depositId)) {
          creditedGatewayDeposits.add(depositId);
          account(member.id).cash += amount;
        }
      },
      async requestWithdrawal() {
        const member = pick(everyone);
        const amount = between(50, 1500);
        const result = await ctx.client.request(
          await withPassword(
            member,
            CASHIER_PATHS.withdrawals,
            { bankAccountId: member.bankAccountId, amount: formatAmount(amount) },
            'wd',
          ),
        );
        if (!check('requestWithdrawal', result, ['INSUFFICIENT_FUNDS'])) return;
        account(member.id).held += amount;
        pendingWithdrawals.push({ id: Number(envelopeOf(result).value.id), memberId: member.id, amount });
      },
      async reviewWithdrawal() {
        const pending = take(pendingWithdrawals);
        if (!pending) return;
        const winner = await review('withdrawal', pending.id, 0.5);
        if (winner === undefined) return;
        account(pending.memberId).held -= pending.amount;
        if (winner === 'approve') account(pending.memberId).cash -= pending.amount;
      },
      async transferDown() {
        const agent = pick(agents);
        const downline = pick(players.filter((player) => player.uplineId === agent.id));
        const amount = between(1, 800);
        const result = await ctx.client.request(
          await withPassword(agent, CASHIER_PATHS.transferFund, { downlineId: downline.id, amount: formatAmount(amount) }, 'down'),
        );
        if (!check('transferDown', result, ['INSUFFICIENT_FUNDS'])) return;
        account(agent.id).cash -= amount;
        account(downline.id).cash += amount;
      },
      async transferUp() {
        const player = pick(players);
        const amount = between(1, 800);
        const result = await ctx.client.request(
          await withPassword(player, CASHIER_PATHS.transferUpline, { amount: formatAmount(amount) }, 'up'),
        );
        if (!check('transferUp', result, ['INSUFFICIENT_FUNDS'])) return;
        account(player.id).cash -= amount;
        if (player.uplineId === null) throw new Error('player without upline');
        account(player.uplineId).cash += amount;
      },
    };
    const weights: [keyof typeof operations, number][] = [
      ['manualDeposit', 12],
      ['reviewDeposit', 12],
      ['gatewayDeposit', 12],
      ['requestWithdrawal', 18],
      ['reviewWithdrawal', 14],
      ['transferDown', 16],
      ['transferUp', 16],
    ];
    const totalWeight = weights.reduce((sum, [, weight]) => sum + weight, 0);
    const nextOperation = () => {
      let roll = random() * totalWeight;
      for (const [name, weight] of weights) {
        roll -= weight;
        if (roll < 0) return name;
      }
      return weights[0]?.[0] ?? 'manualDeposit';
    };

    let started = 0;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (started < OPERATIONS) {
          started += 1;
          const operation = operations[nextOperation()];
          await operation?.();
        }
      }),
    );

    expect(unexpected, `seed ${seed}: ${JSON.stringify(Object.fromEntries(outcomes))}`).toEqual([]);
    // The run really exercised every path, including refusals.
    for (const label of ['manualDeposit:OK', 'reviewDeposit:OK', 'gatewayCallback:OK', 'requestWithdrawal:OK', 'reviewWithdrawal:OK']) {
      expect(outcomes.get(label) ?? 0, `seed ${seed}: ${label}`).toBeGreaterThan(10);
    }
    expect((outcomes.get('transferDown:OK') ?? 0) + (outcomes.get('transferUp:OK') ?? 0), `seed ${seed}`).toBeGreaterThan(100);
    // Approve-versus-reject races happened, and their losers were told so.
    expect(outcomes.get('reviewDeposit:REQUEST_NOT_PENDING') ?? 0, `seed ${seed}`).toBeGreaterThan(0);
    expect(outcomes.get('reviewWithdrawal:REQUEST_NOT_PENDING') ?? 0, `seed ${seed}`).toBeGreaterThan(0);

    for (const member of everyone) {
      const wanted = account(member.id);
      const ledger = await getMemberBalances(ctx.t.app.db, { merchantId: ctx.site.merchant.id, memberId: member.id });
      expect({ id: member.id, cash: ledger.cash, held: ledger.held }, `seed ${seed}`).toEqual({ id: member.id, ...wanted });
      expect(await apiBalances(member)).toMatchObject({
        cash: formatAmount(wanted.cash),
        held: formatAmount(wanted.held),
        balance: formatAmount(wanted.cash - wanted.held),
      });
    }
    // Each approved deposit credited exactly once.
    const approved = await ctx.t.app.db
      .select({ id: depositRequests.id })
      .from(depositRequests)
      .where(and(eq(depositRequests.merchantId, ctx.site.merchant.id), eq(depositRequests.status, 'approved')));
    const credits = await ctx.t.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.merchantId, ctx.site.merchant.id), like(ledgerTransfers.idempotencyKey, 'deposit:%')));
    expect(credits[0]?.count).toBe(approved.length);
    await expectLedgerSound();
  });
});
