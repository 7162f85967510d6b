import { z } from 'zod';
import { envelopeOf, moneyString, playAnswerOf } from './envelope';
import { numberedPage, pageFields } from './paging';

/**
 * In-house games (issue 6): provably fair slots (/bgs) and scheduled lotteries (/lottery,
 * /seaLottery, /vnLottery, the LOTT and ELOTT game centres). T = bearer token required,
 * N = none. Every outcome can be recomputed in the browser with `@kismat/game-math`
 * (`verifyRound`), from the fields the verify calls return.
 */
export const HOUSE_GAME_PATHS = {
  /** N. Slot titles with bet levels and declared RTP (paytables: `findSlotTitle` in game-math). */
  slotTitles: '/bgs/api/slots/titles',
  /** T, POST. One paid spin (with its whole free-spin feature): debit, outcome, credit, round record. */
  spin: '/bgs/api/slots/spin',
  /** T. The member's slot rounds, newest first. */
  slotRounds: '/bgs/api/slots/rounds',
  /** T. One slot round (game recall). */
  slotRound: '/bgs/api/slots/rounds/:roundId',
  /** T. The member's current seed pair of a game family: commitment, client seed, next nonce. */
  fairness: '/bgs/api/fairness',
  /** T, POST. Sets the client seed; the server seed stays (it was committed before the client seed was chosen). */
  setClientSeed: '/bgs/api/fairness/client-seed',
  /** T, POST. Rotates: reveals the active server seed, activates the committed next one (optionally with a new client seed), commits another. */
  rotateSeed: '/bgs/api/fairness/rotate',
  /** T. Everything to recompute a past slot round; serverSeed is null until its seed is rotated. */
  verifySlotRound: '/bgs/api/fairness/verify/:roundId',

  /** N. Opened (current, still selling) issues of every lottery game, or of one (gameCode). */
  openedIssues: '/lgw/vn/numeros/opened/game',
  /** T. The same for a logged-in member, with the member's stake on each issue. */
  openedIssuesMember: '/lotto/lgw/games/opened/numero',
  /** N. Lottery games of a prize mode (LOTT, ZY, ELOTT, SEA) with bet types, odds and limits. */
  lotteryGames: '/lotto/lgw/games',
  /** N. Lobby of one game (gameCode): the game, its current issue and the last results. */
  lobbyInfo: '/lotto/lgw/lobby',
  /** N. Drawn issues, newest first (gameCode optional). */
  recentResults: '/lotto/lgw/numeros/results',
  /** N. Vietnamese lottery menus (the VN games grouped for /vnLottery). */
  vnMenus: '/lgw/vn/lottery/menus',
  /** T. Lottery "rooms": one per game, with its current issue. */
  roomList: '/wps/relay/GLS2_roomList',
  /** T, POST. Places one or more tickets on an open issue, in one transaction. */
  placeLotteryBet: '/lotto/lgw/bets',
  /** T. The member's tickets, newest first. */
  myTickets: '/lotto/lgw/bets/mine',
  /** N. Everything to recompute a drawn issue (seed revealed once drawn). */
  verifyIssue: '/lotto/lgw/numeros/:issueId/verify',
} as const;

/** Seeds are per member and per game family; only slots use member seeds (a lottery issue has its own). */
export const FAIRNESS_FAMILIES = ['SLOTS'] as const;
export const fairnessFamily = z.enum(FAIRNESS_FAMILIES);

const clientSeedInput = z.string().min(1).max(256);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const isoDate = z.string();

// ---------- fairness ----------

export const fairnessQuery = z.object({ family: fairnessFamily.default('SLOTS') });

export const fairnessState = z.object({
  family: fairnessFamily,
  /** SHA-256 of the secret server seed, published before any round uses it. */
  commitment: hex64,
  /** SHA-256 of the server seed the next rotation activates: committed before the player picks that pair's client seed. */
  nextCommitment: hex64,
  clientSeed: z.string(),
  /** False while the client seed is the server's default: the web then sets a random one of its own before playing. */
  isClientSeedChosen: z.boolean(),
  /** The nonce the next round will use. */
  nextNonce: z.number().int().nonnegative(),
});
export type FairnessState = z.infer<typeof fairnessState>;

export const revealedSeed = z.object({
  serverSeed: hex64,
  commitment: hex64,
  clientSeed: z.string(),
  /** Rounds played with this pair used nonces 0 .. nonceCount - 1. */
  nonceCount: z.number().int().nonnegative(),
  revealedAt: isoDate,
});
export type RevealedSeed = z.infer<typeof revealedSeed>;

export const fairnessResponse = envelopeOf(fairnessState);

/** clientSeed: the client seed of the pair being activated (the web sends a fresh random one); omitted, the current one is kept. */
export const rotateSeedBody = z.object({ family: fairnessFamily.default('SLOTS'), clientSeed: clientSeedInput.optional() });
export const setClientSeedBody = z.object({ family: fairnessFamily.default('SLOTS'), clientSeed: clientSeedInput });
/** Answer of rotate and set-client-seed: the revealed old pair and the new current pair. */
export const rotateSeedResponse = envelopeOf(z.object({ revealed: revealedSeed, current: fairnessState }));

// ---------- slots ----------

export const slotTitle = z.object({
  titleId: z.string(),
  name: z.string(),
  theme: z.string(),
  /** The catalogue game code that launches it (/bgs?gameCode=). */
  gameCode: z.string(),
  paylineCount: z.number().int(),
  betLevels: z.array(moneyString),
  declaredRtpPercent: z.number(),
  maxWinMultiplier: z.number().int(),
});
export const slotTitlesResponse = envelopeOf(z.object({ titles: z.array(slotTitle) }));

export const spinBody = z.object({
  titleId: z.string().min(1).max(64),
  /** One of the title's bet levels (total bet), e.g. "1.00". */
  betLevel: moneyString,
  /** Client-chosen, unique per spin; a retry with the same key replays the first answer. */
  idempotencyKey: z.string().min(8).max(100),
});

export const slotLineWin = z.object({
  lineIndex: z.number().int(),
  symbol: z.string(),
  count: z.number().int(),
  rows: z.array(z.number().int()),
  payout: moneyString,
});
export const slotSpinRound = z.object({
  stops: z.array(z.number().int()),
  /** reels[reel][row], row 0 at the top. */
  reels: z.array(z.array(z.string())),
  lineWins: z.array(slotLineWin),
  scatterCount: z.number().int(),
  scatterPayout: moneyString,
  freeSpinsAwarded: z.number().int(),
  multiplier: z.number().int(),
  payout: moneyString,
});
export type SlotSpinRound = z.infer<typeof slotSpinRound>;

export const slotRound = z.object({
  roundId: z.string(),
  titleId: z.string(),
  totalBet: moneyString,
  totalPayout: moneyString,
  isCapped: z.boolean(),
  /** True when played with play money (trial account). */
  isTrial: z.boolean(),
  base: slotSpinRound,
  /** The free spins the bet triggered, in play order; no debit for them. */
  freeSpins: z.array(slotSpinRound),
  commitment: hex64,
  clientSeed: z.string(),
  nonce: z.number().int(),
  playedAt: isoDate,
});
export type SlotRound = z.infer<typeof slotRound>;

export const spinResponse = playAnswerOf(slotRound);

export const slotRoundsQuery = z.object({
  titleId: z.string().max(64).optional(),
  ...pageFields({ maxPageNo: null }),
});
export const slotRoundSummary = slotRound.pick({
  roundId: true,
  titleId: true,
  totalBet: true,
  totalPayout: true,
  isTrial: true,
  nonce: true,
  playedAt: true,
});
export const slotRoundsResponse = envelopeOf(numberedPage(slotRoundSummary));
export const slotRoundParams = z.object({ roundId: z.string().regex(/^\d{1,18}$/) });
export const slotRoundResponse = envelopeOf(slotRound);

/** Inputs of game-math's verifyRound({ game: 'slot', ... }); serverSeed null until revealed. */
export const verifySlotRoundResponse = envelopeOf(
  z.object({
    roundId: z.string(),
    titleId: z.string(),
    /** Total bet in minor units as a decimal integer string (verifyRound takes a bigint). */
    totalBetMinor: z.string(),
    serverSeed: hex64.nullable(),
    commitment: hex64,
    clientSeed: z.string(),
    nonce: z.number().int(),
    isRevealed: z.boolean(),
    /** What the server recorded, for comparison with the recomputation. */
    totalPayout: moneyString,
  }),
);

// ---------- lotteries ----------

export const LOTTERY_KINDS = ['ELOTT', 'VN', 'SEA'] as const;
export const lotteryKind = z.enum(LOTTERY_KINDS);
export const PRIZE_MODE_VALUES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export const prizeMode = z.enum(PRIZE_MODE_VALUES);
export const ODDS_TABLES = ['standard', 'zy'] as const;
export const oddsTable = z.enum(ODDS_TABLES);
export const ISSUE_STATUSES = ['PENDING', 'OPEN', 'CLOSED', 'DRAWN', 'CANCELLED'] as const;
export const TICKET_STATUSES = ['pending', 'won', 'lost', 'void'] as const;

export const lotteryBetTypeInfo = z.object({
  betType: z.string(),
  description: z.string(),
  /** Decimal odds, stake included ("9.7000"). */
  odds: z.string(),
  minAmount: moneyString,
  maxAmount: moneyString,
  selectionCount: z.number().int(),
});

export const lotteryGame = z.object({
  gameCode: z.string(),
  name: z.string(),
  kind: lotteryKind,
  /** Minutes between draws (1440 for daily games). */
  intervalMinutes: z.number().int(),
  /** Betting closes this many seconds before the draw. */
  cutoffSeconds: z.number().int(),
  betTypes: z.object({ standard: z.array(lotteryBetTypeInfo), zy: z.array(lotteryBetTypeInfo) }),
});
export type LotteryGame = z.infer<typeof lotteryGame>;

/** A draw result as game-math's draw functions return it (ELOTT digits, VN prizes, SEA numbers). */
export const lotteryDrawResult = z.union([
  z.object({ kind: z.literal('ELOTT'), digits: z.array(z.number().int()) }),
  z.object({ kind: z.literal('VN'), prizes: z.record(z.string(), z.array(z.string())) }),
  z.object({ kind: z.literal('SEA'), firstPrize: z.string(), twoBottom: z.string() }),
]);

export const lotteryIssue = z.object({
  issueId: z.string(),
  gameCode: z.string(),
  /** Issue number shown to players ("20261122-0042"). */
  issueNo: z.string(),
  status: z.enum(ISSUE_STATUSES),
  opensAt: isoDate,
  cutoffAt: isoDate,
  drawAt: isoDate,
  /** SHA-256 of the issue's server seed, published before the issue opens. */
  commitment: hex64,
  result: lotteryDrawResult.nullable(),
});
export type LotteryIssue = z.infer<typeof lotteryIssue>;

export const openedIssuesQuery = z.object({ gameCode: z.string().max(32).optional() });
export const openedIssuesResponse = envelopeOf(z.object({ issues: z.array(lotteryIssue), serverTime: isoDate }));
export const openedIssuesMemberResponse = envelopeOf(
  z.object({ issues: z.array(lotteryIssue.extend({ myStake: moneyString, myTicketCount: z.number().int() })), serverTime: isoDate }),
);

export const lotteryGamesQuery = z.object({ prizeMode: prizeMode });
export const lotteryGamesResponse = envelopeOf(z.object({ prizeMode, oddsTable, games: z.array(lotteryGame) }));

export const lobbyInfoQuery = z.object({ gameCode: z.string().min(1).max(32) });
export const lobbyInfoResponse = envelopeOf(
  z.object({ game: lotteryGame, current: lotteryIssue.nullable(), recent: z.array(lotteryIssue), serverTime: isoDate }),
);

export const recentResultsQuery = z.object({
  gameCode: z.string().max(32).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const recentResultsResponse = envelopeOf(z.object({ list: z.array(lotteryIssue) }));

export const vnMenusResponse = envelopeOf(
  z.object({ menus: z.array(z.object({ region: z.string(), games: z.array(z.object({ gameCode: z.string(), name: z.string() })) })) }),
);

export const roomListResponse = envelopeOf(
  z.object({
    rooms: z.array(
      z.object({ roomId: z.string(), gameCode: z.string(), name: z.string(), kind: lotteryKind, current: lotteryIssue.nullable() }),
    ),
  }),
);

export const placeLotteryBetBody = z.object({
  issueId: z.string().regex(/^\d{1,18}$/),
  oddsTable: oddsTable.default('standard'),
  /** Unique per slip; a retry with the same key replays the first answer. */
  idempotencyKey: z.string().min(8).max(100),
  tickets: z
    .array(z.object({ betType: z.string().max(32), selection: z.string().max(16), amount: moneyString }))
    .min(1)
    .max(50),
});

export const lotteryTicket = z.object({
  ticketId: z.string(),
  issueId: z.string(),
  gameCode: z.string(),
  issueNo: z.string(),
  betType: z.string(),
  selection: z.string(),
  oddsTable,
  odds: z.string(),
  amount: moneyString,
  status: z.enum(TICKET_STATUSES),
  payout: moneyString,
  isTrial: z.boolean(),
  placedAt: isoDate,
  settledAt: isoDate.nullable(),
});
export type LotteryTicket = z.infer<typeof lotteryTicket>;

export const placeLotteryBetResponse = envelopeOf(
  z.object({ tickets: z.array(lotteryTicket), balance: moneyString, isReplay: z.boolean() }),
);

export const myTicketsQuery = z.object({
  gameCode: z.string().max(32).optional(),
  status: z.enum(TICKET_STATUSES).optional(),
  ...pageFields({ maxPageNo: null }),
});
export const myTicketsResponse = envelopeOf(numberedPage(lotteryTicket));

export const verifyIssueParams = z.object({ issueId: z.string().regex(/^\d{1,18}$/) });
/**
 * Inputs of verifyRound({ game: 'lottery', kind, ... }), nonce 0. clientSeed is
 * "<gameCode>:<issueNo>:<ticketSetHash>" (docs/fairness/lottery.md), null while betting is open
 * (the ticket set is not closed yet); "<gameCode>:<issueNo>" on issues drawn before ticket-set hashes.
 */
export const verifyIssueResponse = envelopeOf(
  z.object({
    issueId: z.string(),
    kind: lotteryKind,
    serverSeed: hex64.nullable(),
    commitment: hex64,
    /** SHA-256 of the issue's closed ticket set, published when betting closes; null before, and on issues drawn before it existed. */
    ticketSetHash: hex64.nullable(),
    /** How many tickets the hash covers. */
    ticketSetCount: z.number().int().nullable(),
    clientSeed: z.string().nullable(),
    nonce: z.number().int(),
    result: lotteryDrawResult.nullable(),
  }),
);
