import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../../platform/auth';
import type { Merchant } from '../../platform/merchant';
import { rowsOf } from '../../platform/sql-values';
import { addMember } from '../../test/agent-test-fixture';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMerchant } from '../../test/factories';
import { drainFacts, settleRoundWithFact } from '../../test/facts-test-kit';
import { recordDepositFact, recordWithdrawalFact } from '../facts/index';
import { readTeamPerformance } from './team-performance';
import { countActiveMembers, readMemberRollups, readTeamRollup, readTeamRollups } from './team-rollups';

/*
 * The agent reports' rollups (issue 16 item 4): kept by the fact engine from the same facts the
 * loyalty engines consume. A generated 3-level team plays settled rounds (each recorded with its
 * fact, as the money paths do) over two days; after the consumer applies the facts the rollups
 * answer what a direct query over the raw rounds answers, for every agent, and applying again
 * (or a fact rolled back with its money) changes nothing.
 */

let t: TestApp;
let merchant: Merchant;
let root: MemberRow;
const agents: MemberRow[] = [];
const players: MemberRow[] = [];
// Two whole UTC days; rounds settle at varying minutes inside them.
const DAY1 = new Date('2025-05-01T00:00:00Z');
const DAY2 = new Date('2025-05-02T00:00:00Z');
const DAY3 = new Date('2025-05-03T00:00:00Z');

function settleRound(member: MemberRow, input: { bet: bigint; payout: bigint; at: Date; gameType: string }): Promise<void> {
  return settleRoundWithFact(t.app.db, merchant, member.id, input);
}

beforeAll(async () => {
  t = await buildTestApp();
  merchant = (await createMerchant(t.app.db)).merchant;
  root = await addMember(t.app.db, merchant, null, MEMBER_TYPE.AGENT_1);
  for (let a = 0; a < 3; a += 1) {
    const agent = await addMember(t.app.db, merchant, root, MEMBER_TYPE.AGENT_2);
    agents.push(agent);
    for (let p = 0; p < 4; p += 1) players.push(await addMember(t.app.db, merchant, agent));
  }
  // Deterministic play: every member (the root and agents too) over both days, two game types.
  const everyone = [root, ...agents, ...players];
  for (const [index, member] of everyone.entries()) {
    for (let n = 0; n < 3; n += 1) {
      const k = index * 3 + n;
      await settleRound(member, {
        bet: BigInt(100 + ((k * 37) % 900)),
        payout: k % 3 === 0 ? BigInt(2 * (100 + ((k * 37) % 900))) : 0n,
        at: new Date((k % 2 === 0 ? DAY1 : DAY2).getTime() + ((k * 7919) % 86_400) * 1000),
        gameType: k % 2 === 0 ? 'SLOT' : 'LIVE',
      });
    }
  }
}, 120_000);
afterAll(async () => t?.close());

describe('agent report rollups', () => {
  it('apply each fact once: the queue drains, and draining again changes nothing', async () => {
    const applied = await drainFacts(t.app);
    expect(applied).toBe((1 + agents.length + players.length) * 3);
    const before = await readTeamRollup(t.app.db, { rootId: root.id, from: DAY1, to: DAY3, minDepth: 0 });
    expect(await drainFacts(t.app)).toBe(0);
    expect(await readTeamRollup(t.app.db, { rootId: root.id, from: DAY1, to: DAY3, minDepth: 0 })).toEqual(before);
    expect(before.rounds).toBe(applied);
  });

  it('answer what the raw rounds answer, for every team, period and depth', async () => {
    for (const member of [root, ...agents]) {
      for (const [from, to] of [
        [DAY1, DAY2],
        [DAY2, DAY3],
        [DAY1, DAY3],
      ] as const) {
        for (const minDepth of [0, 1] as const) {
          const raw = await readTeamPerformance(t.app.db, { rootMemberId: member.id, from, to, activeMemberMinBet: 0n, minDepth });
          const rolled = await readTeamRollup(t.app.db, { rootId: member.id, from, to, minDepth });
          expect({ validBet: rolled.validBet, netLoss: rolled.validBet - rolled.payout }).toEqual({
            validBet: raw.validBet,
            netLoss: raw.netLoss,
          });
          expect(await countActiveMembers(t.app.db, { rootId: member.id, from, to, minDepth, minBet: 0n })).toBe(raw.activeMembers);
          // A minimum single bet filters members by their largest round, as the raw read does.
          const strict = await readTeamPerformance(t.app.db, { rootMemberId: member.id, from, to, activeMemberMinBet: 600n, minDepth });
          expect(await countActiveMembers(t.app.db, { rootId: member.id, from, to, minDepth, minBet: 600n })).toBe(strict.activeMembers);
        }
      }
    }
    // Game types are kept apart but sum to the whole.
    const byType = rowsOf<{ game_type: string; valid_bet: string }>(
      await t.app.db.execute(sql`SELECT game_type, sum(valid_bet)::text AS valid_bet FROM agent_team_play_hours
        WHERE ancestor_id = ${root.id} GROUP BY game_type ORDER BY game_type`),
    );
    expect(byType.map((row) => row.game_type)).toEqual(['LIVE', 'SLOT']);
  });

  it('keep each team to its own subtree: siblings never see each other, and they add up to the parent', async () => {
    const teams = await readTeamRollups(t.app.db, { rootIds: agents.map((agent) => agent.id), from: DAY1, to: DAY3 });
    const own = await readMemberRollups(t.app.db, { memberIds: [root.id], from: DAY1, to: DAY3 });
    const whole = await readTeamRollup(t.app.db, { rootId: root.id, from: DAY1, to: DAY3, minDepth: 0 });
    let sum = own.get(root.id)?.validBet ?? 0n;
    for (const agent of agents) {
      const team = teams.get(agent.id);
      const raw = await readTeamPerformance(t.app.db, { rootMemberId: agent.id, from: DAY1, to: DAY3, activeMemberMinBet: 0n });
      expect(team?.validBet).toBe(raw.validBet);
      expect(team?.rounds).toBe(5 * 3);
      sum += team?.validBet ?? 0n;
    }
    expect(sum).toBe(whole.validBet);
  });

  it('count deposits, and nothing of a fact rolled back with its money', async () => {
    const player = players[0] as MemberRow;
    const at = new Date(DAY2.getTime() + 3_600_000 + 5_000);
    await t.app.db.transaction(async (tx) => {
      await recordDepositFact(tx, {
        merchantId: merchant.id,
        memberId: player.id,
        sourceId: 9_000_000_001,
        amount: 50_000n,
        occurredAt: at,
      });
    });
    await t.app.db
      .transaction(async (tx) => {
        await recordDepositFact(tx, {
          merchantId: merchant.id,
          memberId: player.id,
          sourceId: 9_000_000_002,
          amount: 70_000n,
          occurredAt: at,
        });
        throw new Error('the credit failed');
      })
      .catch(() => undefined);
    expect(await drainFacts(t.app)).toBe(1);
    const hour = { from: new Date(DAY2.getTime() + 3_600_000), to: new Date(DAY2.getTime() + 7_200_000) };
    expect((await readMemberRollups(t.app.db, { memberIds: [player.id], ...hour })).get(player.id)).toMatchObject({
      deposits: 50_000n,
      depositCount: 1,
    });
    const upline = (await readTeamRollups(t.app.db, { rootIds: [root.id], ...hour })).get(root.id);
    expect(upline?.deposits).toBe(50_000n);
  });

  it('count approved withdrawals (their facts) apart from play and deposits, once, and nothing of a rolled-back approval', async () => {
    const player = players[1] as MemberRow;
    const at = new Date(DAY1.getTime() + 5 * 3_600_000 + 42_000);
    const hour = { from: new Date(DAY1.getTime() + 5 * 3_600_000), to: new Date(DAY1.getTime() + 6 * 3_600_000) };
    const before = await readTeamRollup(t.app.db, { rootId: root.id, from: DAY1, to: DAY3, minDepth: 0 });
    const activeBefore = await countActiveMembers(t.app.db, { rootId: root.id, from: DAY1, to: DAY3, minDepth: 0, minBet: 0n });
    const withdrawal = { merchantId: merchant.id, memberId: player.id, sourceId: 9_100_000_001, amount: 30_000n, occurredAt: at };
    await t.app.db.transaction((tx) => recordWithdrawalFact(tx, withdrawal));
    await t.app.db.transaction((tx) => recordWithdrawalFact(tx, { ...withdrawal, sourceId: 9_100_000_002, amount: 12_000n }));
    await t.app.db
      .transaction(async (tx) => {
        await recordWithdrawalFact(tx, { ...withdrawal, sourceId: 9_100_000_003, amount: 90_000n });
        throw new Error('the approval failed');
      })
      .catch(() => undefined);
    expect(await drainFacts(t.app)).toBe(2);
    expect(await drainFacts(t.app)).toBe(0);
    expect((await readMemberRollups(t.app.db, { memberIds: [player.id], ...hour })).get(player.id)).toMatchObject({
      withdrawals: 42_000n,
      withdrawalCount: 2,
    });
    for (const team of [root, agents[0] as MemberRow]) {
      expect((await readTeamRollups(t.app.db, { rootIds: [team.id], ...hour })).get(team.id)).toMatchObject({
        withdrawals: 42_000n,
        withdrawalCount: 2,
      });
    }
    expect(
      (await readTeamRollups(t.app.db, { rootIds: [(agents[1] as MemberRow).id], ...hour })).get((agents[1] as MemberRow).id),
    ).toMatchObject({
      withdrawals: 0n,
      withdrawalCount: 0,
    });
    // Play and deposits are as they were; a withdrawal makes no one active.
    const after = await readTeamRollup(t.app.db, { rootId: root.id, from: DAY1, to: DAY3, minDepth: 0 });
    expect({ ...after, withdrawals: 0n, withdrawalCount: 0 }).toEqual(before);
    expect(after.withdrawals - before.withdrawals).toBe(42_000n);
    expect(await countActiveMembers(t.app.db, { rootId: root.id, from: DAY1, to: DAY3, minDepth: 0, minBet: 0n })).toBe(activeBefore);
  });
});
