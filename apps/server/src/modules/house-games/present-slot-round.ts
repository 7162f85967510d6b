import type { SlotRound, SlotSpinRound } from '@kismat/contracts/house-games';
import { formatAmount } from '@kismat/contracts/wallet';
import type { SpinResult, SpinRound } from '@kismat/game-math/slots/spin';
import type { slotRounds } from '../../db/schema/house-games';

export type SlotRoundRow = typeof slotRounds.$inferSelect;

/** What a round row stores as its outcome: the presented rounds (money already as strings, JSON-safe). */
export interface StoredSlotOutcome {
  base: SlotSpinRound;
  freeSpins: SlotSpinRound[];
}

function presentSpinRound(round: SpinRound): SlotSpinRound {
  return {
    stops: [...round.stops],
    reels: round.reels.map((reel) => [...reel]),
    lineWins: round.lineWins.map((win) => ({
      lineIndex: win.lineIndex,
      symbol: win.symbol,
      count: win.count,
      rows: [...win.rows],
      payout: formatAmount(win.payoutMinor),
    })),
    scatterCount: round.scatterCount,
    scatterPayout: formatAmount(round.scatterPayoutMinor),
    freeSpinsAwarded: round.freeSpinsAwarded,
    multiplier: round.multiplier,
    payout: formatAmount(round.payoutMinor),
  };
}

export function storeSpinOutcome(result: SpinResult): StoredSlotOutcome {
  return { base: presentSpinRound(result.base), freeSpins: result.freeSpins.map(presentSpinRound) };
}

/** A round shows the client seed it was played with; rounds from before that was kept per round use their seed row's. */
export function presentSlotRound(row: SlotRoundRow, seed: { commitment: string; clientSeed: string | null }): SlotRound {
  const outcome = row.outcome as StoredSlotOutcome;
  return {
    roundId: String(row.id),
    titleId: row.titleId,
    totalBet: formatAmount(row.totalBetMinor),
    totalPayout: formatAmount(row.totalPayoutMinor),
    isCapped: row.isCapped,
    isTrial: row.isTrial,
    base: outcome.base,
    freeSpins: outcome.freeSpins,
    commitment: seed.commitment,
    clientSeed: row.clientSeed ?? seed.clientSeed ?? '',
    nonce: row.nonce,
    playedAt: row.playedAt.toISOString(),
  };
}
