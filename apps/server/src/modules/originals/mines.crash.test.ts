import { ORIGINALS_PATHS } from '@kismat/contracts/originals';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gameRounds } from '../../db/schema/games';
import { ledgerTransfers } from '../../db/schema/ledger';
import { type CrashHarness, envelopeOf, fireBurst, type HttpRequest } from '../../test/crash-harness';
import { killWhileAccountHeld, onPostgres, startWithFundedPlayer, useCrashHarness } from '../../test/crash-steps';
import { verifyLedger } from '../wallet/verify-ledger';
import { mineTilesOf } from './originals-test-kit';

/*
 * Issue 23 acceptance, crash: a mines round is open with two safe tiles; twenty cash-outs of it
 * are in flight, one provably inside its transaction (the test holds the member's cash row, which
 * the payout must lock), when the real server is killed with SIGKILL. The round must be left
 * exactly as it was (OPEN, two picks, no payout, no game round), a restarted server must resume
 * it, and twenty more parallel cash-outs must pay it exactly once; the ledger verifies.
 */

let harness: CrashHarness;

useCrashHarness((created) => {
  harness = created;
});

describe.skipIf(!onPostgres)('SIGKILL during mines cash-outs', () => {
  it('leaves the open round as it was, resumes it after restart and pays it once', { timeout: 240_000 }, async () => {
    const { db, member, accounts, token, call, memberCash, restart } = await startWithFundedPlayer(harness, 10_000n);

    const started = await call(ORIGINALS_PATHS.minesStart, { stake: '10.00', mineCount: 3, idempotencyKey: `crash-mines-${Date.now()}` });
    expect(started.status, started.body).toBe(200);
    const roundId = envelopeOf<{ round: { roundId: string } }>(started).value.round.roundId;
    const mines = await mineTilesOf(db, roundId);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !mines.includes(tile));
    for (const tile of safe.slice(0, 2)) expect((await call(ORIGINALS_PATHS.minesReveal, { roundId, tile })).status).toBe(200);
    const cashOuts: HttpRequest[] = Array.from({ length: 20 }, () => ({
      method: 'POST',
      path: ORIGINALS_PATHS.minesCashOut,
      token,
      body: { roundId },
    }));

    // Hold the member's cash row: the first cash-out locks the round, then waits here for its credit.
    const { isWaiting, firstLife } = await killWhileAccountHeld(harness, accounts.memberAccountId, cashOuts);
    expect(isWaiting, 'a cash-out was waiting inside its transaction when the server died').toBe(true);
    expect(firstLife.filter((result) => result.status === 200)).toHaveLength(0);

    const payouts = () =>
      db
        .select({ id: ledgerTransfers.id })
        .from(ledgerTransfers)
        .where(like(ledgerTransfers.idempotencyKey, `original:${roundId}:payout`));
    const recorded = () =>
      db
        .select()
        .from(gameRounds)
        .where(and(eq(gameRounds.memberId, member.id), eq(gameRounds.vendorRoundId, `original:${roundId}`)));
    expect(await payouts()).toHaveLength(0);
    expect(await recorded()).toHaveLength(0);
    expect(await memberCash()).toBe(9_000n);

    const token2 = await restart();
    const open = await harness.client.request({ method: 'GET', path: ORIGINALS_PATHS.minesOpen, token: token2 });
    const resumed = envelopeOf<{ round: { roundId: string; status: string; mines: { picks: number[] } } }>(open).value.round;
    expect(resumed).toMatchObject({ roundId, status: 'OPEN', mines: { picks: safe.slice(0, 2) } });

    const secondLife = await fireBurst(
      harness.client,
      cashOuts.map((request) => ({ ...request, token: token2 })),
      { concurrency: 20 },
    );
    expect(secondLife.map((result) => result.status)).toEqual(Array(20).fill(200));
    const values = secondLife.map((result) => envelopeOf<{ isReplay: boolean; round: { payout: string } }>(result).value);
    expect(values.filter((value) => !value.isReplay)).toHaveLength(1);
    // Two safe picks of a 3-mine board: 0.99 x C(25,2) / C(22,2) = 1.2857x; 10.00 pays 12.85.
    expect(new Set(values.map((value) => value.round.payout))).toEqual(new Set(['12.85']));
    expect(await payouts()).toHaveLength(1);
    expect(await recorded()).toHaveLength(1);
    const cash = await memberCash();
    expect(formatAmount(cash)).toBe('102.85');
    const report = await verifyLedger(db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });
});
