import type { ContractPeriod, ContractType } from '@kismat/contracts/agent';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { formatAmount } from '@kismat/contracts/wallet';
import { eq, sql } from 'drizzle-orm';
import { agentContractBills } from '../../db/schema/agent';
import type { MemberRow } from '../../platform/auth';
import type { Merchant } from '../../platform/merchant';
import { rowsOf } from '../../platform/sql-values';
import { addMember, fundCash, giveContract, money, playRound, tier } from '../../test/agent-test-fixture';
import type { TestApp } from '../../test/build-test-app';
import { getMemberBalances } from '../wallet/get-member-balances';
import { runAgentSettlement } from './agent-settlement-jobs';

/*
 * The 10,000-member settlement test's world (settlement-scale.test.ts): its constants, the worked
 * examples of docs/agent-contracts.md built through the real offer/accept operations, the
 * generated tree, and the reads its tests compare. `contextOf` is the test file's app and merchant.
 */

export const TOTAL_MEMBERS = 10_000;
export const TOPS = 4;
export const AGENTS = 96;

// Local 2025-03-10 (UTC+6) is [2025-03-09T18:00Z, 2025-03-10T18:00Z); local 12:30 is 06:30Z.
export const NOON = new Date('2025-03-10T06:00:00Z');
export const SETUP = new Date('2025-03-01T00:00:00Z');
/** One run of every job just after its period ended (what the scheduler does). */
export const RUNS: { type: ContractType; period: ContractPeriod; now: Date }[] = [
  { type: 'REALTIME_SALARY', period: 'FIVE_MINUTES', now: new Date('2025-03-10T06:35:30Z') },
  { type: 'HOURLY_SALARY', period: 'HOURLY', now: new Date('2025-03-10T07:00:30Z') },
  { type: 'DAILY_SALARY', period: 'DAILY', now: new Date('2025-03-10T18:00:30Z') },
  { type: 'DIVIDEND', period: 'MONTHLY', now: new Date('2025-03-31T18:00:30Z') },
  { type: 'DIVIDEND', period: 'MONTHLY', now: new Date('2025-04-30T18:00:30Z') },
];

/** Single-tier or two-tier terms of the generated contracts, per type and level (rates in bp). */
export const BULK_TERMS: Record<ContractType, { period: ContractPeriod; basis: string; top: string; agent: string }> = {
  DAILY_SALARY: {
    period: 'DAILY',
    basis: 'VALID_BET',
    top: '[{"minValidBet":"0","minActiveMembers":0,"rateBps":60,"fixedAmount":null},{"minValidBet":"100000000","minActiveMembers":50,"rateBps":90,"fixedAmount":null}]',
    agent:
      '[{"minValidBet":"0","minActiveMembers":0,"rateBps":30,"fixedAmount":null},{"minValidBet":"5000000","minActiveMembers":20,"rateBps":50,"fixedAmount":null}]',
  },
  HOURLY_SALARY: {
    period: 'HOURLY',
    basis: 'VALID_BET',
    top: '[{"minValidBet":"0","minActiveMembers":0,"rateBps":20,"fixedAmount":null}]',
    agent: '[{"minValidBet":"0","minActiveMembers":0,"rateBps":10,"fixedAmount":null}]',
  },
  REALTIME_SALARY: {
    period: 'FIVE_MINUTES',
    basis: 'VALID_BET',
    top: '[{"minValidBet":"0","minActiveMembers":0,"rateBps":15,"fixedAmount":null}]',
    agent: '[{"minValidBet":"0","minActiveMembers":0,"rateBps":8,"fixedAmount":null}]',
  },
  DIVIDEND: {
    period: 'MONTHLY',
    basis: 'NET_LOSS',
    top: '[{"minValidBet":"0","minActiveMembers":0,"rateBps":3000,"fixedAmount":null}]',
    agent: '[{"minValidBet":"0","minActiveMembers":0,"rateBps":1500,"fixedAmount":null}]',
  },
};

export interface Examples {
  one: { a: MemberRow; b: MemberRow };
  two: { d: MemberRow };
  three: { a: MemberRow; b: MemberRow };
  four: { a: MemberRow; b: MemberRow };
}

export function settlementScaleKit(contextOf: () => { t: TestApp; merchant: Merchant }) {
  /** The worked examples, built through the real offer/accept operations, as their own subtrees. */
  async function buildWorkedExamples(): Promise<Examples> {
    const { t, merchant } = contextOf();
    const db = t.app.db;
    const setup = { db, now: SETUP, merchant };
    // 1. Daily salary on valid bet, two levels.
    const a = await addMember(db, merchant, null, MEMBER_TYPE.AGENT_1);
    const b = await addMember(db, merchant, a, MEMBER_TYPE.AGENT_2);
    const [p1, p2, p4] = [await addMember(db, merchant, b), await addMember(db, merchant, b), await addMember(db, merchant, b)];
    const p3 = await addMember(db, merchant, a);
    const terms = (low: number, high: number) => ({
      activeMemberMinBet: money('10.00'),
      tiers: [tier('0.00', 0, low), tier('10000.00', 3, high)],
    });
    await giveContract(setup, null, a, 'DAILY_SALARY', terms(50, 100));
    await giveContract(setup, a, b, 'DAILY_SALARY', terms(40, 80));
    await playRound(db, merchant, p1, { bet: '6000.00', payout: '5000.00', closedAt: NOON });
    await playRound(db, merchant, p1, { bet: '1000.00', payout: '0.00', closedAt: NOON, status: 'OPEN' });
    await playRound(db, merchant, p1, { bet: '9999.00', payout: '0.00', closedAt: new Date('2025-03-09T17:59:59Z') });
    await playRound(db, merchant, p2, { bet: '4000.00', payout: '4500.00', closedAt: NOON });
    await playRound(db, merchant, p4, { bet: '5.00', payout: '0.00', closedAt: NOON });
    await playRound(db, merchant, p3, { bet: '2000.00', payout: '0.00', closedAt: NOON });
    await playRound(db, merchant, p3, { bet: '0.00', payout: '0.00', closedAt: NOON });

    // 2. Monthly dividend with carry-over.
    const d = await addMember(db, merchant, null, MEMBER_TYPE.AGENT_1);
    const q1 = await addMember(db, merchant, d);
    await giveContract({ db, now: new Date('2025-02-20T00:00:00Z'), merchant }, null, d, 'DIVIDEND', {
      period: 'MONTHLY',
      tiers: [tier('0.00', 0, 2000), tier('50000.00', 5, 3000)],
    });
    await playRound(db, merchant, q1, { bet: '1000.00', payout: '2000.00', closedAt: new Date('2025-03-15T06:00:00Z') });
    await playRound(db, merchant, q1, { bet: '8000.00', payout: '2000.00', closedAt: new Date('2025-04-15T06:00:00Z') });

    // 3 and 4. Loss-rate salary: a partial bill, then an unpaid one.
    const lossRate = async (p3Payout: string, aCash: string | null) => {
      const upline = await addMember(db, merchant, null, MEMBER_TYPE.AGENT_1);
      const downline = await addMember(db, merchant, upline, MEMBER_TYPE.AGENT_2);
      const player1 = await addMember(db, merchant, downline);
      const player3 = await addMember(db, merchant, upline);
      const lossTerms = { basis: 'LOSS_RATE' as const, tiers: [tier('0.00', 0, 100)] };
      await giveContract(setup, null, upline, 'DAILY_SALARY', lossTerms);
      await giveContract(setup, upline, downline, 'DAILY_SALARY', lossTerms);
      if (aCash) await fundCash(db, merchant, upline, aCash);
      await playRound(db, merchant, player1, { bet: '10000.00', payout: '0.00', closedAt: NOON });
      await playRound(db, merchant, player3, { bet: '1000.00', payout: p3Payout, closedAt: NOON });
      return { a: upline, b: downline };
    };
    const three = await lossRate('10000.00', '50.00');
    const four = await lossRate('21000.00', null);
    return { one: { a, b }, two: { d }, three, four };
  }

  /**
   * The bulk of the tree, set-based: members, closure rows, contracts and rounds are each one
   * INSERT ... SELECT over generate_series, so the data set costs a few statements, not 10,000.
   */
  async function generateTree(): Promise<void> {
    const { t, merchant } = contextOf();
    const db = t.app.db;
    const m = merchant.id;
    const [{ count: existing } = { count: 0 }] = rowsOf<{ count: number }>(
      await db.execute(sql`SELECT count(*)::int AS count FROM members WHERE merchant_id = ${m}`),
    );
    const players = TOTAL_MEMBERS - existing - TOPS - AGENTS;
    const [game] = rowsOf<{ id: number; vendor_id: number; category: string }>(
      await db.execute(sql`SELECT id, vendor_id, category FROM games ORDER BY id LIMIT 1`),
    );
    if (!game) throw new Error('no seeded game');

    await db.execute(sql`
      INSERT INTO members (merchant_id, username, type, upline_id, nickname)
      SELECT ${m}, 'top' || g, ${MEMBER_TYPE.AGENT_1}, NULL, 'top' || g FROM generate_series(1, ${TOPS}) AS g`);
    await db.execute(sql`
      INSERT INTO members (merchant_id, username, type, upline_id, nickname)
      SELECT ${m}, 'ag' || g, ${MEMBER_TYPE.AGENT_2}, top.id, 'ag' || g
      FROM generate_series(1, ${AGENTS}) AS g
      JOIN members top ON top.merchant_id = ${m} AND top.username = 'top' || (1 + (g - 1) % ${TOPS})`);
    await db.execute(sql`
      INSERT INTO members (merchant_id, username, type, upline_id, nickname)
      SELECT ${m}, 'pl' || g, ${MEMBER_TYPE.MEMBER}, agent.id, 'pl' || g
      FROM generate_series(1, ${players}) AS g
      JOIN members agent ON agent.merchant_id = ${m} AND agent.username = 'ag' || (1 + (g - 1) % ${AGENTS})`);
    // Closure rows: self, parent, grandparent.
    await db.execute(sql`
      INSERT INTO member_tree (ancestor_id, descendant_id, depth)
      SELECT self.id, self.id, 0 FROM members self WHERE self.merchant_id = ${m} AND self.username ~ '^(top|ag|pl)[0-9]+$'
      UNION ALL
      SELECT self.upline_id, self.id, 1 FROM members self
        WHERE self.merchant_id = ${m} AND self.username ~ '^(ag|pl)[0-9]+$'
      UNION ALL
      SELECT parent.upline_id, self.id, 2 FROM members self JOIN members parent ON parent.id = self.upline_id
        WHERE self.merchant_id = ${m} AND self.username ~ '^pl[0-9]+$'`);

    // Contracts: the platform to every top agent, every top agent to each of its agents, all four types.
    for (const [type, terms] of Object.entries(BULK_TERMS)) {
      await db.execute(sql`
        INSERT INTO agent_contracts (merchant_id, type, status, offerer_id, member_id, period, basis, active_member_min_bet,
          tiers, max_rate_bps, offered_at, responded_at, accepted_at)
        SELECT ${m}, ${type}, 'ACTIVE', holder.upline_id, holder.id, ${terms.period}, ${terms.basis}, 1000,
          CASE WHEN holder.upline_id IS NULL THEN ${terms.top}::jsonb ELSE ${terms.agent}::jsonb END,
          (SELECT max((tier ->> 'rateBps')::int) FROM jsonb_array_elements(
            CASE WHEN holder.upline_id IS NULL THEN ${terms.top}::jsonb ELSE ${terms.agent}::jsonb END) AS tier),
          ${SETUP}, ${SETUP}, ${SETUP}
        FROM members holder WHERE holder.merchant_id = ${m} AND holder.username ~ '^(top|ag)[0-9]+$'`);
    }

    // Rounds, in minor units. Round 1 closes at local 12:31 (inside the day, the hour and the
    // 5-minute slot); round 2 at local 16:00 (the day only); every 10th player also has an open
    // round and every 25th a settled round the day before, neither of which counts.
    await db.execute(sql`
      INSERT INTO game_rounds (merchant_id, member_id, vendor_id, game_id, game_type, vendor_round_id, currency, status,
        bet_total, payout_total, bet_count, opened_at, closed_at)
      SELECT ${m}, player.id, ${game.vendor_id}, ${game.id}, ${game.category}, 'scale-' || player.id || '-' || r.n, ${merchant.currency},
        r.status, r.bet, r.payout, 1, r.closed_at - interval '1 minute', CASE WHEN r.status = 'CLOSED' THEN r.closed_at END
      FROM members player
      CROSS JOIN LATERAL (VALUES
        (1, 'CLOSED', 100 + (player.id * 37) % 5000, CASE WHEN player.id % 3 = 0 THEN 2 * (100 + (player.id * 37) % 5000) ELSE 0 END,
          timestamptz '2025-03-10T06:31:00Z'),
        (2, 'CLOSED', 1000 + player.id % 700, CASE WHEN player.id % 5 = 0 THEN 3000 ELSE 0 END, timestamptz '2025-03-10T10:00:00Z'),
        (3, CASE WHEN player.id % 10 = 0 THEN 'OPEN' ELSE 'SKIP' END, 5000, 0, timestamptz '2025-03-10T06:32:00Z'),
        (4, CASE WHEN player.id % 25 = 0 THEN 'CLOSED' ELSE 'SKIP' END, 7000, 0, timestamptz '2025-03-09T17:59:00Z')
      ) AS r(n, status, bet, payout, closed_at)
      WHERE player.merchant_id = ${m} AND player.username ~ '^pl[0-9]+$' AND r.status <> 'SKIP'`);
    await db.execute(sql`ANALYZE`);
  }

  /** The state a repeated run must not change: every balance, every transfer, every bill. */
  async function ledgerState() {
    const { t } = contextOf();
    const db = t.app.db;
    const [balances] = rowsOf<{ digest: string }>(
      await db.execute(
        sql`SELECT md5(coalesce(string_agg(id || ':' || balance || ':' || held, ',' ORDER BY id), '')) AS digest FROM ledger_accounts`,
      ),
    );
    const [transfers] = rowsOf<{ count: number }>(await db.execute(sql`SELECT count(*)::int AS count FROM ledger_transfers`));
    const [bills] = rowsOf<{ digest: string; count: number }>(
      await db.execute(
        sql`SELECT count(*)::int AS count, md5(coalesce(string_agg(id || ':' || amount_paid || ':' || status, ',' ORDER BY id), '')) AS digest
            FROM agent_contract_bills`,
      ),
    );
    return { balances: balances?.digest, transfers: transfers?.count, bills: bills?.digest, billCount: bills?.count };
  }

  async function runAll(): Promise<number> {
    const { t } = contextOf();
    const started = performance.now();
    for (const run of RUNS) await runAgentSettlement(t.app.db, run.type, run.period, run.now);
    return performance.now() - started;
  }

  async function billOf(member: MemberRow, type: ContractType, periodKey: string) {
    const { t } = contextOf();
    const rows = await t.app.db.select().from(agentContractBills).where(eq(agentContractBills.payeeId, member.id));
    const bill = rows.find((row) => row.type === type && row.periodKey === periodKey);
    if (!bill) throw new Error(`no ${type} ${periodKey} bill of ${member.username}`);
    return bill;
  }

  async function balances(member: MemberRow) {
    const { t, merchant } = contextOf();
    const values = await getMemberBalances(t.app.db, { merchantId: merchant.id, memberId: member.id });
    return { earnings: formatAmount(values.agentEarnings), cash: formatAmount(values.available) };
  }

  return { buildWorkedExamples, generateTree, ledgerState, runAll, billOf, balances };
}
