import { crashPointOf } from './crash-point';
import { previousLinkOf } from './hash-chain';

/** What a crash round publishes once it crashed (the verify page and the API give the same). */
export interface CrashRoundToVerify {
  seedHex: string;
  /** The previous round's revealed seed, or the chain's commitment for round 1. */
  previousLinkHex: string;
  salt: string;
  edgeBasisPoints: number;
  /** The crash point the server announced, in hundredths. */
  announcedPointHundredths: number;
}

export interface VerifiedCrashRound {
  /** SHA256(seed) is the previous link: the seed was fixed when the chain was committed. */
  isLinked: boolean;
  crashPointHundredths: number;
  /** The recomputed point equals the announced one. */
  isPointMatching: boolean;
}

/** Recomputes a crash round from its revealed seed: anyone can run it (the verify page does). */
export function verifyCrashRound(round: CrashRoundToVerify): VerifiedCrashRound {
  const seed = round.seedHex.trim().toLowerCase();
  const isLinked = previousLinkOf(seed) === round.previousLinkHex.trim().toLowerCase();
  const crashPointHundredths = crashPointOf(seed, round.salt, round.edgeBasisPoints);
  return { isLinked, crashPointHundredths, isPointMatching: crashPointHundredths === round.announcedPointHundredths };
}
