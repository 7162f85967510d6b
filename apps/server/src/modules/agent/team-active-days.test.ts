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
import { countActiveMembersByDays, isOnLocalDays } from './team-active-days';
import { readTeamPerformance } from './team-performance';

/*
 * The active-days rollup (issue 16 item 4): members active in a period of whole local days,
 * counted from the team rows by previous active day, answer what a distinct count over the raw
 * settled rounds answers, for every team and every period of the days played, when the facts
 * are applied in several batches out of day order (a late day between two counted ones, several
 * new days of one member in one batch, a day already counted), and applying again changes nothing.
 * The merchant is at UTC+6, so local days are not UTC days; rounds fall either side of local midnight.
 */

const OFFSET_MINUTES = 360;
const DAY_MS = 86_400_000;
/** Local midnight of 2025-06-01 at UTC+6, as an instant (2025-05-31T18:00Z). */
const DAY0 = new Date(Date.UTC(2025, 5, 1) - OFFSET_MINUTES * 60_000);
const DAYS = 7;

let t: TestApp;
let merchant: Merchant;
let root: MemberRow;
const agents: MemberRow[] = [];
const players: MemberRow[] = [];

function at(day: number, secondsIntoDay: number): Date {
  return new Date(DAY0.getTime() + day * DAY_MS + secondsIntoDay * 1000);
}

function settleRound(member: MemberRow, input: { bet: bigint; at: Date }): Promise<void> {
  return settleRoundWithFact(t.app.db, merchant, member.id, input);
}

/** Every team (the root and its agents) over every period of whole local days in the week: rollup vs raw rounds. */
async function expectEveryPeriodMatchesRaw(): Promise<number> {
  let checked = 0;
  for (const team of [root, ...agents]) {
    for (let first = 0; first < DAYS; first += 1) {
      for (let last = first + 1; last <= DAYS; last += 1) {
        const from = at(first, 0);
        const to = at(last, 0);
        const raw = await readTeamPerformance(t.app.db, { rootMemberId: team.id, from, to, activeMemberMinBet: 0n, minDepth: 1 });
        expect({ team: team.id, first, last, active: await countActiveMembersByDays(t.app.db, { rootId: team.id, from, to }) }).toEqual({
          team: team.id,
          first,
          last,
          active: raw.activeMembers,
        });
        checked += 1;
      }
    }
  }
  return checked;
}

beforeAll(async () => {
  t = await buildTestApp();
  merchant = (await createMerchant(t.app.db, { utcOffsetMinutes: OFFSET_MINUTES })).merchant;
  root = await addMember(t.app.db, merchant, null, MEMBER_TYPE.AGENT_1);
  for (let a = 0; a < 2; a += 1) {
    const agent = await addMember(t.app.db, merchant, root, MEMBER_TYPE.AGENT_2);
    agents.push(agent);
    for (let p = 0; p < 3; p += 1) players.push(await addMember(t.app.db, merchant, agent));
  }
  await drainFacts(t.app);
}, 120_000);
afterAll(async () => t?.close());

describe('active members by local day', () => {
  it('tells which periods are whole local days at a whole-hour offset', () => {
    expect(isOnLocalDays(at(0, 0), at(7, 0), OFFSET_MINUTES)).toBe(true);
    expect(isOnLocalDays(at(0, 3600), at(7, 0), OFFSET_MINUTES)).toBe(false);
    expect(isOnLocalDays(new Date('2025-06-01T00:00:00Z'), new Date('2025-06-02T00:00:00Z'), OFFSET_MINUTES)).toBe(false);
    expect(isOnLocalDays(new Date('2025-06-01T00:00:00Z'), new Date('2025-06-02T00:00:00Z'), 0)).toBe(true);
    // A half-hour offset: the hour buckets straddle local midnight, so never.
    expect(isOnLocalDays(new Date('2025-05-31T18:30:00Z'), new Date('2025-06-01T18:30:00Z'), 330)).toBe(false);
  });

  it('answer the raw rounds for every team and period, facts applied out of day order, exactly once', async () => {
    const [p0, p1, p2, p3, p4, p5] = players as [MemberRow, MemberRow, MemberRow, MemberRow, MemberRow, MemberRow];
    const agent0 = agents[0] as MemberRow;
    // Batch 1: later days first. p0 on days 1 and 5 (one second before local midnight of day 6 too).
    await settleRound(p0, { bet: 100n, at: at(1, 600) });
    await settleRound(p0, { bet: 100n, at: at(5, 86_399) });
    await settleRound(p3, { bet: 200n, at: at(4, 10) });
    await settleRound(agent0, { bet: 300n, at: at(2, 7200) });
    await settleRound(root, { bet: 300n, at: at(2, 7200) });
    expect(await drainFacts(t.app)).toBe(5);
    await expectEveryPeriodMatchesRaw();

    // Batch 2: a late day between two counted ones (p0 day 3), a day before all (p3 day 0), several
    // new days of one member in one batch (p1 days 6, 2, 4), a day already counted (p0 day 1 again),
    // a round at the first second of a local day (p2 day 6) and a zero stake (p5: not active).
    await settleRound(p0, { bet: 100n, at: at(3, 0) });
    await settleRound(p3, { bet: 100n, at: at(0, 5) });
    await settleRound(p1, { bet: 150n, at: at(6, 100) });
    await settleRound(p1, { bet: 150n, at: at(2, 100) });
    await settleRound(p1, { bet: 150n, at: at(4, 100) });
    await settleRound(p0, { bet: 100n, at: at(1, 9000) });
    await settleRound(p2, { bet: 100n, at: at(6, 0) });
    await settleRound(p5, { bet: 0n, at: at(3, 50) });
    // The zero stake records no fact.
    expect(await drainFacts(t.app)).toBe(7);
    await expectEveryPeriodMatchesRaw();

    // Batch 3: one more late day per member, each in its own batch.
    await settleRound(p4, { bet: 120n, at: at(5, 3600) });
    expect(await drainFacts(t.app)).toBe(1);
    await settleRound(p1, { bet: 120n, at: at(3, 3600) });
    expect(await drainFacts(t.app)).toBe(1);
    await settleRound(p3, { bet: 120n, at: at(2, 3600) });
    expect(await drainFacts(t.app)).toBe(1);
    const checked = await expectEveryPeriodMatchesRaw();
    expect(checked).toBe(3 * ((DAYS * (DAYS + 1)) / 2));

    // Not vacuous: the whole week's count is every member below the root that staked (p5 did not).
    expect(await countActiveMembersByDays(t.app.db, { rootId: root.id, from: at(0, 0), to: at(DAYS, 0) })).toBe(6);
    const before = rowsOf<{ rows: number; members: number }>(
      await t.app.db.execute(sql`SELECT count(*)::int AS rows, coalesce(sum(members), 0)::int AS members FROM agent_team_active_days
        WHERE ancestor_id = ${root.id}`),
    );
    expect(await drainFacts(t.app)).toBe(0);
    const after = rowsOf<{ rows: number; members: number }>(
      await t.app.db.execute(sql`SELECT count(*)::int AS rows, coalesce(sum(members), 0)::int AS members FROM agent_team_active_days
        WHERE ancestor_id = ${root.id}`),
    );
    expect(after).toEqual(before);
    // Each active member-day of a member below the root is one unit of the root's rows.
    const days = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`SELECT count(*)::int AS n FROM agent_member_active_days d JOIN member_tree m
        ON m.descendant_id = d.member_id AND m.ancestor_id = ${root.id} AND m.depth >= 1`),
    );
    expect(after[0]?.members).toBe(days[0]?.n);
  });
});
