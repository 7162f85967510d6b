import { ORIGINALS_PATHS } from '@kismat/contracts/originals';
import { formatAmount, parseAmount } from '@kismat/contracts/wallet';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gameRounds } from '../../db/schema/games';
import { ledgerTransfers } from '../../db/schema/ledger';
import { type CrashHarness, envelopeOf, fireBurst, type HttpRequest } from '../../test/crash-harness';
import { killWhileAccountHeld, onPostgres, startWithFundedPlayer, useCrashHarness } from '../../test/crash-steps';
import { verifyLedger } from '../wallet/verify-ledger';

/*
 * Issue 23 acceptance, crash: a Teen Patti round is open (ante debited, hand shown); twenty Play
 * calls are in flight, one provably inside its transaction (the test holds the member's cash row,
 * which the play stake must lock), when the real server is killed with SIGKILL. The round must be
 * left exactly as it was (OPEN, ante only, no play stake, no payout, no game round), a restarted
 * server must show the member the same hand with the Play/Fold choice, and twenty more parallel
 * Play calls must take the play stake and pay exactly once; the ledger verifies.
 */

let harness: CrashHarness;

useCrashHarness((created) => {
  harness = created;
});

interface Round {
  roundId: string;
  status: string;
  payout: string;
  cards: { teenPatti: { player: number[]; dealer: number[]; decision: string | null } };
}

describe.skipIf(!onPostgres)('SIGKILL between a Teen Patti deal and its decision', () => {
  it('leaves the open hand as it was, resumes it after restart and settles it once', { timeout: 240_000 }, async () => {
    const { db, member, accounts, token, call, memberCash, restart } = await startWithFundedPlayer(harness, 10_000n);

    const dealt = await call(ORIGINALS_PATHS.teenPattiDeal, { ante: '10.00', pairPlus: '2.00', idempotencyKey: `crash-tp-${Date.now()}` });
    expect(dealt.status, dealt.body).toBe(200);
    const opened = envelopeOf<{ round: Round }>(dealt).value.round;
    const { roundId } = opened;
    expect(opened.cards.teenPatti.dealer).toEqual([]);
    const plays: HttpRequest[] = Array.from({ length: 20 }, () => ({
      method: 'POST',
      path: ORIGINALS_PATHS.teenPattiDecide,
      token,
      body: { roundId, decision: 'PLAY', idempotencyKey: `crash-tp-play-${roundId}` },
    }));

    // Hold the member's cash row: the first Play locks the round, then waits here for its play stake.
    const { isWaiting, firstLife } = await killWhileAccountHeld(harness, accounts.memberAccountId, plays);
    expect(isWaiting, 'a Play was waiting inside its transaction when the server died').toBe(true);
    expect(firstLife.filter((result) => result.status === 200)).toHaveLength(0);

    const transfers = () =>
      db
        .select({ key: ledgerTransfers.idempotencyKey })
        .from(ledgerTransfers)
        .where(like(ledgerTransfers.idempotencyKey, `original:${roundId}:%`));
    const recorded = () =>
      db
        .select()
        .from(gameRounds)
        .where(and(eq(gameRounds.memberId, member.id), eq(gameRounds.vendorRoundId, `original:${roundId}`)));
    expect((await transfers()).map((row) => row.key)).toEqual([`original:${roundId}:bet`]);
    expect(await recorded()).toHaveLength(0);
    expect(await memberCash()).toBe(8_800n);

    const token2 = await restart();
    const open = await harness.client.request({ method: 'GET', path: ORIGINALS_PATHS.teenPattiOpen, token: token2 });
    const resumed = envelopeOf<{ round: Round }>(open).value.round;
    expect(resumed).toMatchObject({
      roundId,
      status: 'OPEN',
      cards: { teenPatti: { player: opened.cards.teenPatti.player, dealer: [], decision: null } },
    });

    const secondLife = await fireBurst(
      harness.client,
      plays.map((request) => ({ ...request, token: token2 })),
      { concurrency: 20 },
    );
    expect(secondLife.map((result) => result.status)).toEqual(Array(20).fill(200));
    const values = secondLife.map((result) => envelopeOf<{ isReplay: boolean; round: Round }>(result).value);
    expect(values.filter((value) => !value.isReplay)).toHaveLength(1);
    expect(new Set(values.map((value) => value.round.payout)).size).toBe(1);
    const settled = values[0]!.round;
    expect(settled.cards.teenPatti.dealer).toHaveLength(3);
    const payout = parseAmount(settled.payout, { allowZero: true });
    expect((await transfers()).map((row) => row.key).sort()).toEqual(
      [`original:${roundId}:bet`, `original:${roundId}:play`, ...(payout > 0n ? [`original:${roundId}:payout`] : [])].sort(),
    );
    expect(await recorded()).toHaveLength(1);
    const cash = await memberCash();
    expect(formatAmount(cash)).toBe(formatAmount(10_000n - 2_200n + payout));
    const report = await verifyLedger(db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });
});
