import { z } from 'zod';
import { envelopeOf, moneyString } from './envelope';
import { numberedPage, pageFields } from './paging';

/**
 * Crash (issue 23): one shared round for every member of a merchant; its crash point comes from a
 * published hash chain (docs/game-math.md "Crash"). T = bearer token required. The /ws socket
 * also receives CrashPush messages for the member's merchant.
 */
export const CRASH_PATHS = {
  /** T. The current round, its bets, the last crash points and the member's own bet. */
  state: '/bgs/api/crash/state',
  /** T, POST. A bet in the current round's betting window (the stake is debited at once). */
  bet: '/bgs/api/crash/bet',
  /** T, POST. Cashes the member's bet out at the multiplier of the server's clock. */
  cashOut: '/bgs/api/crash/cash-out',
  /** T. The member's own crash bets, newest first. */
  myBets: '/bgs/api/crash/my-bets',
  /** Everything to recompute a crashed round (the seed stays hidden until it crashed). */
  round: '/bgs/api/crash/rounds/:roundId',
} as const;

/** The catalogue game code (/bgs?gameCode=crash). */
export const CRASH_GAME_CODE = 'kismat-crash';

const idempotencyKey = z.string().min(8).max(100);
const isoDate = z.string();
const roundId = z.string().regex(/^\d{1,18}$/);
/** A multiplier with two places: "2.35". */
export const multiplierText = z.string().regex(/^\d{1,5}\.\d{2}$/);

export const crashPhase = z.enum(['BETTING', 'RUNNING', 'CRASHED']);
export type CrashPhase = z.infer<typeof crashPhase>;

export const crashRound = z.object({
  roundId,
  chainId: z.string(),
  roundIndex: z.number().int(),
  phase: crashPhase,
  bettingOpensAt: isoDate,
  runningAt: isoDate,
  /** Only once crashed (earlier it would tell the crash point). */
  crashedAt: isoDate.nullable(),
  crashPoint: multiplierText.nullable(),
  /** The round's chain seed: only once crashed. */
  seed: z.string().nullable(),
  commitment: z.string(),
  salt: z.string(),
  houseEdgeBp: z.number().int(),
});
export type CrashRound = z.infer<typeof crashRound>;

export const crashBetStatus = z.enum(['OPEN', 'CASHED', 'LOST']);
export const crashFeedBet = z.object({
  betId: z.string(),
  roundId,
  /** Masked name (pl*****23). */
  player: z.string(),
  stake: moneyString,
  autoCashOut: multiplierText.nullable(),
  status: crashBetStatus,
  cashOut: multiplierText.nullable(),
  payout: moneyString,
  isMine: z.boolean(),
});
export type CrashFeedBet = z.infer<typeof crashFeedBet>;

export const crashHistoryEntry = z.object({ roundId, crashPoint: multiplierText });

export const crashLimits = z.object({
  minStake: moneyString,
  maxStake: moneyString,
  minAutoCashOut: multiplierText,
  maxAutoCashOut: multiplierText,
});

export const crashState = z.object({
  serverTime: isoDate,
  round: crashRound,
  bets: z.array(crashFeedBet),
  history: z.array(crashHistoryEntry),
  myBet: crashFeedBet.nullable(),
  limits: crashLimits,
  balance: moneyString,
  isTrial: z.boolean(),
});
export type CrashState = z.infer<typeof crashState>;
export const crashStateResponse = envelopeOf(crashState);

export const crashBetBody = z.object({
  roundId,
  stake: moneyString,
  /** Auto cash-out target, or null for manual only. */
  autoCashOut: multiplierText.nullable(),
  idempotencyKey,
});
export const crashCashOutBody = z.object({ roundId });
export const crashBetResponse = envelopeOf(z.object({ bet: crashFeedBet, balance: moneyString, isReplay: z.boolean() }));

export const crashMyBet = crashFeedBet.extend({ crashPoint: multiplierText.nullable(), placedAt: isoDate });
export const crashMyBetsQuery = z.object({
  ...pageFields({ maxPageNo: null, maxPageSize: 50 }),
});
export const crashMyBetsResponse = envelopeOf(numberedPage(crashMyBet));

export const crashRoundParams = z.object({ roundId });
export const crashRoundVerify = z.object({
  round: crashRound,
  /** SHA-256 of this round's seed must equal it: the previous round's seed, or the commitment for round 1. */
  previousLink: z.string(),
  chainLength: z.number().int(),
});
export const crashRoundVerifyResponse = envelopeOf(crashRoundVerify);

/** What /ws sends about crash (type 'crash'). */
export type CrashPush =
  | { type: 'crash'; event: 'round'; round: CrashRound; serverTime: string }
  /** A bet placed, cashed out or lost (isMine is false: a client knows its own bet by betId). */
  | { type: 'crash'; event: 'bet'; bet: CrashFeedBet };
