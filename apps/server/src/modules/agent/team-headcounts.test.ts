import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { formatAmount } from '@kismat/contracts/wallet';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../../platform/auth';
import type { Merchant } from '../../platform/merchant';
import { rowsOf } from '../../platform/sql-values';
import { addMember } from '../../test/agent-test-fixture';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMerchant } from '../../test/factories';
import { drainFacts } from '../../test/facts-test-kit';
import { recordDepositFact, recordWithdrawalFact } from '../facts/index';
import { countTeam, moveMemberSubtree, readTeamCounts } from '../member/index';
import { getProfitLossReport } from './get-agent-reports';
import { getTeamOverview } from './get-team-overview';
import { countTeamMembers, readTeamHeadcounts, readTeamSizes } from './team-headcounts';
import { readTeamMoneyFlows } from './team-queries';
import { readTeamRollup } from './team-rollups';

/*
 * The team overview's headcounts and deposits from rollups (issue 16 item 4): the headcount rows
 * (kept by triggers on the closure table and members, migration 0056) answer what the closure
 * rows joined to members answer, and the team hour rollup's deposits (kept by the fact engine)
 * what the approved deposit requests answer, for every team and several periods: after members
 * registered over several hours, a subtree moved to another upline, a player made an agent, a
 * registration rolled back, and deposits credited with their facts. The same for withdrawals
 * (approved with their facts; rejected and pending ones no fact), and the overview and
 * profit-loss show the raw requests' withdrawals whether they read the rollups or not.
 */

const HOUR_MS = 3_600_000;
const DAY0 = new Date('2025-07-01T00:00:00Z');

let t: TestApp;
let merchant: Merchant;
let root: MemberRow;
let otherRoot: MemberRow;
const agents: MemberRow[] = [];
const players: MemberRow[] = [];

function hour(n: number): Date {
  return new Date(DAY0.getTime() + n * HOUR_MS);
}

/** Periods on whole hours: single hours, days, all three days, and one before anyone registered. */
const PERIODS: [number, number][] = [
  [0, 1],
  [5, 6],
  [0, 24],
  [24, 48],
  [48, 72],
  [3, 50],
  [0, 72],
  [-48, -24],
];

async function teams(): Promise<MemberRow[]> {
  return [root, otherRoot, ...agents, ...players.slice(0, 2)];
}

async function expectHeadcountsMatchRaw(): Promise<number> {
  let checked = 0;
  for (const team of await teams()) {
    for (const [first, last] of PERIODS) {
      const period = { rootId: team.id, from: hour(first), to: hour(last) };
      expect({ team: team.id, first, ...(await readTeamHeadcounts(t.app.db, period)) }).toEqual({
        team: team.id,
        first,
        ...(await readTeamCounts(t.app.db, period)),
      });
      checked += 1;
    }
  }
  for (const team of await teams()) {
    const raw = await readTeamCounts(t.app.db, { rootId: team.id, from: hour(0), to: hour(1) });
    expect({
      team: team.id,
      all: await countTeamMembers(t.app.db, { rootId: team.id, directOnly: false }),
      direct: await countTeamMembers(t.app.db, { rootId: team.id, directOnly: true }),
    }).toEqual({ team: team.id, all: raw.members, direct: raw.directMembers });
  }
  const ids = (await teams()).map((team) => team.id);
  const sizes = await readTeamSizes(t.app.db, ids);
  for (const id of ids) expect({ id, size: sizes.get(id) }).toEqual({ id, size: await countTeam(t.app.db, id) });
  return checked;
}

beforeAll(async () => {
  t = await buildTestApp();
  merchant = (await createMerchant(t.app.db, { utcOffsetMinutes: 360 })).merchant;
  root = await addMember(t.app.db, merchant, null, MEMBER_TYPE.AGENT_1);
  otherRoot = await addMember(t.app.db, merchant, null, MEMBER_TYPE.AGENT_1);
  for (let a = 0; a < 3; a += 1) {
    const agent = await addMember(t.app.db, merchant, a < 2 ? root : otherRoot, MEMBER_TYPE.AGENT_2);
    agents.push(agent);
    for (let p = 0; p < 4; p += 1) players.push(await addMember(t.app.db, merchant, agent));
  }
  // Registration times over three days (a change of registration time moves a member's rows).
  const everyone = [root, otherRoot, ...agents, ...players];
  for (const [index, member] of everyone.entries()) {
    await t.app.db.execute(
      sql`UPDATE members SET created_at = ${new Date(hour((index * 7) % 72).getTime() + 60_000 * index).toISOString()}::timestamptz WHERE id = ${member.id}`,
    );
  }
}, 120_000);
afterAll(async () => t?.close());

describe('team headcounts from the headcount rows', () => {
  it('answer what the closure rows answer for every team and period', async () => {
    expect(await expectHeadcountsMatchRaw()).toBe(7 * PERIODS.length);
    const whole = await readTeamHeadcounts(t.app.db, { rootId: root.id, from: hour(0), to: hour(72) });
    expect(whole).toEqual({ members: 10, directMembers: 2, agents: 2, newMembers: 10 });
  });

  it('follow a subtree move, a player made an agent, and a rolled-back registration', async () => {
    const moved = agents[2] as MemberRow;
    await t.app.db.transaction((tx) =>
      moveMemberSubtree(tx, { memberId: moved.id, newUplineId: (agents[0] as MemberRow).id, now: new Date() }),
    );
    await t.app.db.execute(sql`UPDATE members SET type = ${MEMBER_TYPE.AGENT_2} WHERE id = ${(players[1] as MemberRow).id}`);
    await t.app.db
      .transaction(async (tx) => {
        await addMember(tx as never, merchant, agents[1] as MemberRow);
        throw new Error('the registration failed');
      })
      .catch(() => undefined);
    expect(await expectHeadcountsMatchRaw()).toBe(7 * PERIODS.length);
    const whole = await readTeamHeadcounts(t.app.db, { rootId: root.id, from: hour(0), to: hour(72) });
    expect(whole).toEqual({ members: 15, directMembers: 2, agents: 4, newMembers: 15 });
    expect(await readTeamHeadcounts(t.app.db, { rootId: otherRoot.id, from: hour(0), to: hour(72) })).toEqual({
      members: 0,
      directMembers: 0,
      agents: 0,
      newMembers: 0,
    });
  });

  it('team deposits from the hour rollup match the approved deposit requests', async () => {
    const [channel] = rowsOf<{ id: number }>(
      await t.app.db.execute(sql`INSERT INTO deposit_channels (merchant_id, code, kind, name, instructions, min_amount, max_amount)
        VALUES (${merchant.id}, 'HEADCOUNT', 'bank', '{"EN":"Test"}', '{"EN":"Test"}', 100, 100000000) RETURNING id`),
    );
    // Each deposit approved with its fact in one transaction, as the cashier credits them.
    for (const [index, member] of [...agents, ...players].entries()) {
      const at = new Date(hour((index * 5) % 72).getTime() + 120_000);
      await t.app.db.transaction(async (tx) => {
        const [deposit] = rowsOf<{ id: number }>(
          await tx.execute(sql`INSERT INTO deposit_requests (merchant_id, member_id, channel_id, amount, status, idempotency_key, request_hash, created_at, resolved_at)
            VALUES (${merchant.id}, ${member.id}, ${channel?.id}, ${10_000 * (index + 1)}, 'approved', ${`headcount:${index}`}, 'x',
                    ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz) RETURNING id`),
        );
        await recordDepositFact(tx, {
          merchantId: merchant.id,
          memberId: member.id,
          sourceId: Number(deposit?.id),
          amount: BigInt(10_000 * (index + 1)),
          occurredAt: at,
        });
      });
    }
    expect(await drainFacts(t.app)).toBeGreaterThan(0);
    let nonZero = 0;
    for (const team of await teams()) {
      for (const [first, last] of PERIODS) {
        const period = { rootId: team.id, from: hour(first), to: hour(last) };
        const rollup = await readTeamRollup(t.app.db, { ...period, minDepth: 1 });
        const raw = await readTeamMoneyFlows(t.app.db, period);
        expect({ team: team.id, first, deposits: rollup.deposits, count: rollup.depositCount }).toEqual({
          team: team.id,
          first,
          deposits: raw.deposits,
          count: raw.depositCount,
        });
        if (raw.depositCount > 0) nonZero += 1;
      }
    }
    expect(nonZero).toBeGreaterThan(10);
  });

  it('team withdrawals from the hour rollup match the approved withdrawal requests, drained once', async () => {
    // Each member: one approved withdrawal (with its fact, in the approval's transaction, as the
    // cashier approves them) and one more that is rejected, left pending or approved too.
    for (const [index, member] of [...agents, ...players].entries()) {
      const [bank] = rowsOf<{ id: number }>(
        await t.app.db.execute(sql`INSERT INTO bank_accounts (member_id, merchant_id, account_name, account_number, bank_name)
          VALUES (${member.id}, ${merchant.id}, 'Test', ${`acct-${member.id}`}, 'Test Bank') RETURNING id`),
      );
      const second = ['rejected', 'pending', 'approved'][index % 3] as string;
      for (const [n, status] of ['approved', second].entries()) {
        const at = new Date(hour((index * 11 + n * 29) % 72).getTime() + 300_000 + n * 1_000);
        const amount = 1_000 * (index + 1) + n;
        await t.app.db.transaction(async (tx) => {
          const [withdrawal] = rowsOf<{ id: number }>(
            await tx.execute(sql`INSERT INTO withdrawal_requests (merchant_id, member_id, bank_account_id, amount, hold_id, status,
                idempotency_key, request_hash, created_at, resolved_at)
              VALUES (${merchant.id}, ${member.id}, ${bank?.id}, ${amount}, ${index * 2 + n + 1}, ${status}, ${`wd:${index}:${n}`}, 'x',
                      ${at.toISOString()}::timestamptz, ${status === 'pending' ? null : at.toISOString()}::timestamptz) RETURNING id`),
          );
          if (status !== 'approved') return;
          const fact = {
            merchantId: merchant.id,
            memberId: member.id,
            sourceId: Number(withdrawal?.id),
            amount: BigInt(amount),
            occurredAt: at,
          };
          await recordWithdrawalFact(tx, fact);
        });
      }
    }
    expect(await drainFacts(t.app)).toBe(agents.length + players.length + Math.floor((agents.length + players.length) / 3));
    const expectRollupMatchesRaw = async () => {
      let nonZero = 0;
      for (const team of await teams()) {
        for (const [first, last] of PERIODS) {
          for (const minDepth of [0, 1] as const) {
            const period = { rootId: team.id, from: hour(first), to: hour(last) };
            const rollup = await readTeamRollup(t.app.db, { ...period, minDepth });
            const raw = await readTeamMoneyFlows(t.app.db, { ...period, minDepth });
            expect({ team: team.id, first, minDepth, withdrawals: rollup.withdrawals, count: rollup.withdrawalCount }).toEqual({
              team: team.id,
              first,
              minDepth,
              withdrawals: raw.withdrawals,
              count: raw.withdrawalCount,
            });
            if (raw.withdrawalCount > 0) nonZero += 1;
          }
        }
      }
      return nonZero;
    };
    expect(await expectRollupMatchesRaw()).toBeGreaterThan(20);
    // Draining again finds nothing and changes nothing (each fact applied exactly once).
    expect(await drainFacts(t.app)).toBe(0);
    expect(await expectRollupMatchesRaw()).toBeGreaterThan(20);
  });

  it('the overview and profit-loss show the approved withdrawals, from the rollups on whole hours and raw off them', async () => {
    const dates = { startDate: '2025-07-01', endDate: '2025-07-02' };
    // +6:00 puts the local days on whole UTC hours (rollups); +5:30 does not (the raw requests).
    for (const utcOffsetMinutes of [360, 330]) {
      const ctx = { db: t.app.db, now: hour(80), merchant: { ...merchant, utcOffsetMinutes } };
      const from = new Date(Date.UTC(2025, 6, 1) - utcOffsetMinutes * 60_000);
      const to = new Date(from.getTime() + 2 * 24 * HOUR_MS);
      const overview = await getTeamOverview(ctx, root, dates);
      const raw = await readTeamMoneyFlows(t.app.db, { rootId: root.id, from, to });
      expect(raw.withdrawalCount).toBeGreaterThan(0);
      expect([utcOffsetMinutes, overview.withdrawals, overview.withdrawalCount]).toEqual([
        utcOffsetMinutes,
        formatAmount(raw.withdrawals),
        raw.withdrawalCount,
      ]);
      for (const groupBy of ['DIRECT', 'MEMBER'] as const) {
        const report = await getProfitLossReport(ctx, root, { ...dates, groupBy, pageNo: 1, pageSize: 50 });
        expect(report.totals.withdrawals).toBe(formatAmount(raw.withdrawals));
        for (const item of report.items) {
          const own = groupBy === 'DIRECT' ? {} : { memberId: item.memberId };
          const flows = await readTeamMoneyFlows(t.app.db, { rootId: item.memberId, from, to, minDepth: 0, ...own });
          expect([utcOffsetMinutes, groupBy, item.memberId, item.withdrawals, item.deposits]).toEqual([
            utcOffsetMinutes,
            groupBy,
            item.memberId,
            formatAmount(flows.withdrawals),
            formatAmount(flows.deposits),
          ]);
        }
      }
    }
  });
});
