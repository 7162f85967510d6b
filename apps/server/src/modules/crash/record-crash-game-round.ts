import { CRASH_GAME_CODE } from '@kismat/contracts/crash';
import type { crashBets } from '../../db/schema/crash';
import type { Tx } from '../../platform/db';
import { recordRoundFact } from '../facts/index';
import { houseGameRounds } from '../vendor-wallet/index';

type CrashBetRow = typeof crashBets.$inferSelect;

/** The in-house vendor of the catalogue seed (modules/catalogue/catalogue-data.ts). */
const HOUSE_VENDOR_CODE = 'KISMAT';
const GAME_TTL_MS = 60_000;
let cached: { game: { gameId: number; vendorId: number; category: string }; expires: number } | null = null;

/** The round key of a crash bet in game_rounds (unique per vendor). */
export const crashRoundKey = (betId: number) => `crash:${betId}`;

/**
 * A settled crash bet (cashed out or lost) as one CLOSED game round, in the transaction that
 * settled it: betting records, profit/loss, agent figures and, through its fact, the loyalty and
 * turnover engines count it like a slot spin (docs/agent-contracts.md). Play money is no fact.
 */
export async function recordCrashGameRound(tx: Tx, bet: CrashBetRow, settledAt: Date): Promise<void> {
  if (!cached || cached.expires < settledAt.getTime()) {
    const game = await houseGameRounds.findGame(tx, HOUSE_VENDOR_CODE, CRASH_GAME_CODE);
    if (!game) throw new Error(`in-house game ${CRASH_GAME_CODE} is not in the catalogue: its rounds cannot be recorded`);
    cached = { game, expires: settledAt.getTime() + GAME_TTL_MS };
  }
  const { game } = cached;
  const recordedId = await houseGameRounds.insertClosedRound(tx, {
    merchantId: bet.merchantId,
    memberId: bet.memberId,
    vendorId: game.vendorId,
    gameId: game.gameId,
    gameType: game.category,
    vendorRoundId: crashRoundKey(bet.id),
    currency: bet.currency,
    isTrial: bet.isTrial,
    betTotal: bet.stakeMinor,
    payoutTotal: bet.payoutMinor,
    betCount: 1,
    openedAt: bet.placedAt,
    closedAt: settledAt,
  });
  if (!bet.isTrial && recordedId !== undefined) {
    await recordRoundFact(tx, {
      merchantId: bet.merchantId,
      memberId: bet.memberId,
      sourceId: recordedId,
      gameType: game.category,
      amount: bet.stakeMinor,
      payout: bet.payoutMinor,
      occurredAt: settledAt,
    });
  }
}
