import type { CrashFeedBet, CrashPhase, CrashRound } from '@kismat/contracts/crash';
import { formatAmount } from '@kismat/contracts/wallet';
import { formatMultiplier } from '@kismat/game-math/crash/crash-point';
import type { CrashChainRow } from './crash-chains';
import type { CrashRoundRow } from './open-crash-round';
import type { CrashBetRow } from './place-crash-bet';

/** The phase by the clock: the timeline was fixed when the round opened. */
export function phaseAt(round: CrashRoundRow, now: Date): CrashPhase {
  if (now < round.runningAt) return 'BETTING';
  if (now < round.crashesAt) return 'RUNNING';
  return 'CRASHED';
}

/** A round as members see it: the seed, the point and the crash time only once it crashed. */
export function presentCrashRound(
  round: CrashRoundRow,
  chain: Pick<CrashChainRow, 'commitment' | 'salt' | 'edgeBasisPoints'>,
  now: Date,
): CrashRound {
  const phase = phaseAt(round, now);
  const isCrashed = phase === 'CRASHED';
  return {
    roundId: String(round.id),
    chainId: String(round.chainId),
    roundIndex: round.roundIndex,
    phase,
    bettingOpensAt: round.bettingOpensAt.toISOString(),
    runningAt: round.runningAt.toISOString(),
    crashedAt: isCrashed ? round.crashesAt.toISOString() : null,
    crashPoint: isCrashed ? formatMultiplier(round.crashPoint) : null,
    seed: isCrashed ? round.seedHex : null,
    commitment: chain.commitment,
    salt: chain.salt,
    houseEdgeBp: chain.edgeBasisPoints,
  };
}

export function presentCrashBet(bet: CrashBetRow, memberId?: number): CrashFeedBet {
  return {
    betId: String(bet.id),
    roundId: String(bet.roundId),
    player: bet.player,
    stake: formatAmount(bet.stakeMinor),
    autoCashOut: bet.autoCashOut === null ? null : formatMultiplier(bet.autoCashOut),
    status: bet.status as CrashFeedBet['status'],
    cashOut: bet.cashOut === null ? null : formatMultiplier(bet.cashOut),
    payout: formatAmount(bet.payoutMinor),
    isMine: memberId !== undefined && bet.memberId === memberId,
  };
}

/** "2.35" -> 235; null for anything else. */
export function parseMultiplier(text: string): number | null {
  const match = /^(\d{1,5})\.(\d{2})$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number(match[2]);
}
