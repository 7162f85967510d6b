import { randomUUID } from 'node:crypto';
import { CRASH_PATHS } from '@kismat/contracts/crash';
import { formatAmount } from '@kismat/contracts/wallet';
import { crashPointOf } from '@kismat/game-math/crash/crash-point';
import { crashDurationMs, multiplierAtElapsed } from '@kismat/game-math/crash/growth';
import { verifyCrashRound } from '@kismat/game-math/crash/verify-crash-round';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crashBets, crashRounds } from '../../db/schema/crash';
import { gameRounds } from '../../db/schema/games';
import { rowsOf } from '../../platform/sql-values';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestClient, type TestMerchant } from '../../test/factories';
import { fundMember, useHouseGamesShop } from '../../test/house-games-test-kit';
import { getMemberBalances } from '../wallet/get-member-balances';
import { type CrashRoundRow, openCrashRound } from './open-crash-round';
import { settleCrashRound } from './settle-crash-round';

describe('crash', () => {
  let t: TestApp;
  let site: TestMerchant;
  let client: TestClient;

  useHouseGamesShop((fixture) => {
    ({ t, shop: site, client } = fixture);
  });

  async function player(funds = 1_000_000n) {
    const { member, password } = await createMember(t.app.db, site.merchant.id);
    await fundMember(t.app.db, site.merchant, member.id, funds);
    const token = await client.login(member.username, password ?? '');
    return { member, token };
  }

  /** A round opened at `at` (settling any open one first), its crash point pinned for the test when asked. */
  async function openRound(at: Date, crashPoint?: number): Promise<CrashRoundRow> {
    const [open] = await t.app.db
      .select()
      .from(crashRounds)
      .where(and(eq(crashRounds.merchantId, site.merchant.id), sql`settled_at IS NULL`));
    if (open) await settleCrashRound(t.app.db, open, new Date(Math.max(at.getTime(), open.crashesAt.getTime())));
    const round = await openCrashRound(t.app.db, { merchantId: site.merchant.id, edgeBasisPoints: 100, now: at });
    if (crashPoint === undefined) return round;
    const [pinned] = await t.app.db
      .update(crashRounds)
      .set({ crashPoint, crashesAt: new Date(round.runningAt.getTime() + crashDurationMs(crashPoint)) })
      .where(eq(crashRounds.id, round.id))
      .returning();
    if (!pinned) throw new Error('round not pinned');
    return pinned;
  }

  const bet = (token: string, body: { roundId: number; stake: string; autoCashOut?: string | null; idempotencyKey?: string }) =>
    client.call('POST', CRASH_PATHS.bet, {
      token,
      body: {
        roundId: String(body.roundId),
        stake: body.stake,
        autoCashOut: body.autoCashOut ?? null,
        idempotencyKey: body.idempotencyKey ?? randomUUID(),
      },
    });
  const cashOut = (token: string, roundId: number) =>
    client.call('POST', CRASH_PATHS.cashOut, { token, body: { roundId: String(roundId) } });
  const at = (round: CrashRoundRow, offsetMs: number) => new Date(round.runningAt.getTime() + offsetMs);

  it('takes bets only in the betting window, one per member and round, replaying a retry', async () => {
    const start = new Date('2026-03-01T10:00:00Z');
    // Logins and bets on the same clock (a session idle for an hour would have expired).
    t.setNow(start);
    const round = await openRound(start, 500);
    const { member, token } = await player();
    t.setNow(new Date(start.getTime() + 1_000));
    const key = randomUUID();
    const placed = await bet(token, { roundId: round.id, stake: '10.00', idempotencyKey: key });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().value.balance).toBe(formatAmount(1_000_000n - 1_000n));
    const again = (await bet(token, { roundId: round.id, stake: '10.00', idempotencyKey: key })).json().value;
    expect(again.isReplay).toBe(true);
    expect(again.bet.betId).toBe(placed.json().value.bet.betId);
    expect((await bet(token, { roundId: round.id, stake: '5.00' })).json().code).toBe('CRASH_ALREADY_BET');
    // Before the curve starts there is nothing to cash out.
    expect((await cashOut(token, round.id)).json().code).toBe('CRASH_NOT_RUNNING');

    // At running_at (server clock) the window is shut, whatever the browser's countdown says.
    const late = await player();
    t.setNow(round.runningAt);
    const refused = await bet(late.token, { roundId: round.id, stake: '10.00' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CRASH_BETTING_CLOSED');
    expect((await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: late.member.id })).cash).toBe(1_000_000n);
    expect((await bet(token, { roundId: round.id, stake: '0.50' })).json().code).toBe('CRASH_BET_INVALID');
    expect((await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: member.id })).cash).toBe(999_000n);
  });

  it('pays 50 parallel cash-outs of one bet once, at the multiplier of the server clock', async () => {
    const start = new Date('2026-03-01T11:00:00Z');
    t.setNow(start);
    const round = await openRound(start, 500);
    const { member, token } = await player();
    t.setNow(new Date(start.getTime() + 500));
    const placed = (await bet(token, { roundId: round.id, stake: '10.00' })).json().value;
    const elapsed = 6_000;
    t.setNow(at(round, elapsed));
    const multiplier = multiplierAtElapsed(elapsed);
    const responses = await Promise.all(Array.from({ length: 50 }, () => cashOut(token, round.id)));
    const values = responses.map((response) => response.json());
    expect(values.filter((value) => value.code !== 'OK')).toEqual([]);
    expect(values.filter((value) => value.value.isReplay === false)).toHaveLength(1);
    const payout = (1_000n * BigInt(multiplier)) / 100n;
    expect(values[0].value.bet.cashOut).toBe(`${Math.floor(multiplier / 100)}.${String(multiplier % 100).padStart(2, '0')}`);
    expect(values[0].value.bet.payout).toBe(formatAmount(payout));
    const balances = await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: member.id });
    expect(balances.cash).toBe(1_000_000n - 1_000n + payout);
    // One payout transfer, one settled game round for the bet.
    const [transfers] = rowsOf<{ count: string }>(
      await t.app.db.execute(
        sql`SELECT count(*)::text AS count FROM ledger_transfers WHERE reference_kind = 'crash_bet' AND reference_id = ${placed.bet.betId} AND type = 'payout'`,
      ),
    );
    expect(transfers?.count).toBe('1');
    const recorded = await t.app.db
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.vendorRoundId, `crash:${placed.bet.betId}`));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.payoutTotal).toBe(payout);
    expect(recorded[0]?.betTotal).toBe(1_000n);
  });

  it('refuses a cash-out at or after the crash point and settles open bets as losses; auto targets pay', async () => {
    const start = new Date('2026-03-01T12:00:00Z');
    t.setNow(start);
    const round = await openRound(start, 300);
    const manual = await player();
    const autoWin = await player();
    const autoLose = await player();
    t.setNow(new Date(start.getTime() + 2_000));
    const manualBet = (await bet(manual.token, { roundId: round.id, stake: '20.00' })).json().value.bet;
    const winBet = (await bet(autoWin.token, { roundId: round.id, stake: '10.00', autoCashOut: '2.00' })).json().value.bet;
    const loseBet = (await bet(autoLose.token, { roundId: round.id, stake: '10.00', autoCashOut: '3.01' })).json().value.bet;

    t.setNow(round.crashesAt);
    const late = await cashOut(manual.token, round.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('CRASH_ROUND_CRASHED');
    t.setNow(at(round, -1 + crashDurationMs(300)));
    expect(multiplierAtElapsed(crashDurationMs(300) - 1)).toBeLessThan(300);

    const settled = await settleCrashRound(t.app.db, round, round.crashesAt);
    expect(settled.paid.map((paid) => String(paid.id))).toEqual([winBet.betId]);
    expect(settled.lost.map((lost) => String(lost.id)).sort()).toEqual([manualBet.betId, loseBet.betId].sort());
    // After settlement even a request with a clock before the crash finds the bet lost.
    expect((await cashOut(manual.token, round.id)).json().code).toBe('CRASH_ROUND_CRASHED');
    const balance = (memberId: number) => getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId }).then((b) => b.cash);
    expect(await balance(manual.member.id)).toBe(1_000_000n - 2_000n);
    expect(await balance(autoWin.member.id)).toBe(1_000_000n - 1_000n + 2_000n);
    expect(await balance(autoLose.member.id)).toBe(1_000_000n - 1_000n);
    const lostRounds = await t.app.db
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.vendorRoundId, `crash:${manualBet.betId}`));
    expect(lostRounds[0]).toMatchObject({ status: 'CLOSED', betTotal: 2_000n, payoutTotal: 0n });
    // Settling again (a second leader for a moment) changes nothing.
    expect(await settleCrashRound(t.app.db, round, round.crashesAt)).toEqual({ paid: [], lost: [] });
    const bets = await t.app.db.select().from(crashBets).where(eq(crashBets.roundId, round.id));
    expect(bets.map((row) => row.status).sort()).toEqual(['CASHED', 'LOST', 'LOST']);
  });

  it('publishes each round so anyone recomputes its crash point and links its seed to the chain', async () => {
    const start = new Date('2026-03-01T13:00:00Z');
    t.setNow(start);
    const first = await openRound(start);
    const second = await openRound(first.crashesAt);
    const { token } = await player();
    t.setNow(new Date(second.runningAt.getTime() - 1));
    const hidden = (await client.call('GET', CRASH_PATHS.round.replace(':roundId', String(second.id)), { token })).json().value;
    expect(hidden.round.phase).toBe('BETTING');
    expect(hidden.round.seed).toBeNull();
    expect(hidden.round.crashPoint).toBeNull();
    t.setNow(second.crashesAt);
    const shown = (await client.call('GET', CRASH_PATHS.round.replace(':roundId', String(second.id)))).json().value;
    expect(shown.round.phase).toBe('CRASHED');
    const announced = Math.round(Number(shown.round.crashPoint) * 100);
    const verdict = verifyCrashRound({
      seedHex: shown.round.seed,
      previousLinkHex: shown.previousLink,
      salt: shown.round.salt,
      edgeBasisPoints: shown.round.houseEdgeBp,
      announcedPointHundredths: announced,
    });
    expect(verdict).toEqual({ isLinked: true, crashPointHundredths: second.crashPoint, isPointMatching: true });
    expect(crashPointOf(shown.round.seed, shown.round.salt, 100)).toBe(second.crashPoint);
    const stateResponse = await client.call('GET', CRASH_PATHS.state, { token });
    expect(stateResponse.statusCode, stateResponse.body).toBe(200);
    const state = stateResponse.json().value;
    expect(state.round.roundId).toBe(String(second.id));
    expect(state.history[0]).toEqual({ roundId: String(second.id), crashPoint: shown.round.crashPoint });
  });
});
