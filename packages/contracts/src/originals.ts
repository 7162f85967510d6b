import { z } from 'zod';
import { envelopeOf, moneyString, playAnswerOf } from './envelope';
import { numberedPage, pageFields } from './paging';

/**
 * Kismat Originals (issue 23): single-player provably fair instant games on the member's slot
 * seed pair (family SLOTS: the same commitment, client seed and nonce counter, rotated on the
 * same fairness panel). T = bearer token required. Every round is recomputed in the browser with
 * `@kismat/game-math/originals/*` from the verify call's fields once its seed is revealed.
 */
export const ORIGINALS_PATHS = {
  /** T. The merchant's house edge and stake limits. */
  config: '/bgs/api/originals/config',
  /** T, POST. One dice roll: debit, roll, credit, round record, in one transaction. */
  diceRoll: '/bgs/api/originals/dice/roll',
  /** T, POST. One plinko drop: debit, path, credit, round record, in one transaction. */
  plinkoDrop: '/bgs/api/originals/plinko/drop',
  /** T, POST. One Dragon Tiger deal with the player's bets: debit, cards, credit, round record, in one transaction. */
  dragonTigerDeal: '/bgs/api/originals/dragon-tiger/deal',
  /** T, POST. One Andar Bahar deal (joker, then cards alternately until one matches), one transaction. */
  andarBaharDeal: '/bgs/api/originals/andar-bahar/deal',
  /** T, POST. Opens a Teen Patti round: debits the ante (and Pair Plus), deals six cards from the next nonce, shows the player's three. */
  teenPattiDeal: '/bgs/api/originals/teen-patti/deal',
  /** T, POST. Play (a second stake equal to the ante, debited) or fold the open round; settles it (once, whatever the retries). */
  teenPattiDecide: '/bgs/api/originals/teen-patti/decide',
  /** T. The member's open Teen Patti round, if any (a reload or a crash resumes it; one left past its deadline is folded first). */
  teenPattiOpen: '/bgs/api/originals/teen-patti/open',
  /** T, POST. Opens a mines round: debits the stake and fixes the mines from the next nonce. */
  minesStart: '/bgs/api/originals/mines/start',
  /** T, POST. Reveals one tile of the open round (a mine settles it lost). */
  minesReveal: '/bgs/api/originals/mines/reveal',
  /** T, POST. Cashes the open round out at its multiplier (once, whatever the retries). */
  minesCashOut: '/bgs/api/originals/mines/cash-out',
  /** T. The member's open mines round, if any (a reload or a crash resumes it). */
  minesOpen: '/bgs/api/originals/mines/open',
  /** T. The member's rounds of one game, newest first. */
  rounds: '/bgs/api/originals/rounds',
  /** T. Everything to recompute a settled round; serverSeed is null until its seed is rotated. */
  verify: '/bgs/api/originals/verify/:roundId',
} as const;

export const ORIGINAL_GAMES = ['DICE', 'MINES', 'PLINKO', 'DRAGON_TIGER', 'ANDAR_BAHAR', 'TEEN_PATTI'] as const;
/** The one-step card originals: dealt from a provably shuffled shoe, several bets per round (Teen Patti has its own two-step calls). */
export const CARD_ORIGINAL_GAMES = ['DRAGON_TIGER', 'ANDAR_BAHAR'] as const;
export type CardOriginalGame = (typeof CARD_ORIGINAL_GAMES)[number];
export const originalGame = z.enum(ORIGINAL_GAMES);
export type OriginalGame = z.infer<typeof originalGame>;

/** The catalogue game code of each original (/bgs?gameCode=). */
export const ORIGINAL_GAME_CODES: Record<OriginalGame, string> = {
  DICE: 'kismat-dice',
  MINES: 'kismat-mines',
  PLINKO: 'kismat-plinko',
  DRAGON_TIGER: 'kismat-dragon-tiger',
  ANDAR_BAHAR: 'kismat-andar-bahar',
  TEEN_PATTI: 'kismat-teen-patti',
};

const idempotencyKey = z.string().min(8).max(100);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const isoDate = z.string();
/** Multipliers as exact decimal text with four places ("1.9800"). */
const multiplierText = z.string().regex(/^\d+\.\d{4}$/);

export const originalsConfig = z.object({
  /** House edge in basis points (100 = 1%). */
  houseEdgeBp: z.number().int(),
  minStake: moneyString,
  maxStake: moneyString,
});
export const originalsConfigResponse = envelopeOf(originalsConfig);

export const diceRollBody = z.object({
  stake: moneyString,
  direction: z.enum(['UNDER', 'OVER']),
  /** Win chance in hundredths of a percent: 100 (1.00%) to 9800 (98.00%). */
  chance: z.number().int().min(100).max(9_800),
  idempotencyKey,
});

/** rows 8-16, risk LOW / MEDIUM / HIGH (game-math plinko tables). */
export const plinkoDropBody = z.object({
  stake: moneyString,
  rows: z.number().int().min(8).max(16),
  risk: z.enum(['LOW', 'MEDIUM', 'HIGH']),
  idempotencyKey,
});

/** The bets of each card game (game-math dragon-tiger / andar-bahar / teen-patti). */
export const CARD_GAME_BETS = {
  DRAGON_TIGER: ['DRAGON', 'TIGER', 'TIE', 'SUITED_TIE'],
  ANDAR_BAHAR: ['ANDAR', 'BAHAR'],
} as const satisfies Record<CardOriginalGame, readonly string[]>;
export type CardGameBet<G extends CardOriginalGame> = (typeof CARD_GAME_BETS)[G][number];

/** A stake per bet: an absent bet is not placed; at least one must be (the server checks). */
const stakesOf = <const B extends readonly [string, ...string[]]>(bets: B) =>
  z
    .object(Object.fromEntries(bets.map((bet) => [bet, moneyString.optional()])) as { [K in B[number]]: z.ZodOptional<typeof moneyString> })
    .strict();
export const dragonTigerDealBody = z.object({ stakes: stakesOf(CARD_GAME_BETS.DRAGON_TIGER), idempotencyKey });
export const andarBaharDealBody = z.object({ stakes: stakesOf(CARD_GAME_BETS.ANDAR_BAHAR), idempotencyKey });

/** Teen Patti's first step: the ante, and the Pair Plus side bet (absent or "0.00" = not placed). */
export const teenPattiDealBody = z.object({ ante: moneyString, pairPlus: moneyString.optional(), idempotencyKey });
/** Teen Patti's second step on an open round; the key makes a retried tap one decision. */
export const teenPattiDecideBody = z.object({
  roundId: z.string().regex(/^\d{1,18}$/),
  decision: z.enum(['PLAY', 'FOLD']),
  idempotencyKey,
});

const card = z.number().int().min(0).max(51);
const teenPattiHand = z.enum(['HIGH_CARD', 'PAIR', 'COLOUR', 'SEQUENCE', 'PURE_SEQUENCE', 'TRAIL']);
/** A card round: each bet placed with what it returned, and the deal (cards 0..51: rank = card % 13, Ace 0; suit = card / 13). */
export const cardRound = z.object({
  bets: z.array(z.object({ bet: z.string(), stake: moneyString, multiplier: multiplierText, payout: moneyString })),
  dragonTiger: z.object({ dragon: card, tiger: card, winner: z.enum(['DRAGON', 'TIGER', 'TIE']), isSuitedTie: z.boolean() }).nullable(),
  andarBahar: z
    .object({ joker: card, andar: z.array(card), bahar: z.array(card), winner: z.enum(['ANDAR', 'BAHAR']), cardsDealt: z.number().int() })
    .nullable(),
  /** Teen Patti: the dealer's cards, hand and the result stay hidden (empty, null) while the round is open. */
  teenPatti: z
    .object({
      player: z.array(card),
      playerHand: teenPattiHand,
      dealer: z.array(card),
      dealerHand: teenPattiHand.nullable(),
      dealerQualifies: z.boolean().nullable(),
      winner: z.enum(['PLAYER', 'DEALER', 'TIE']).nullable(),
      ante: moneyString,
      pairPlus: moneyString,
      decision: z.enum(['PLAY', 'FOLD']).nullable(),
      /** TIMEOUT: no decision before the deadline, the round was folded for the member. */
      decidedBy: z.enum(['PLAYER', 'TIMEOUT']).nullable(),
      /** Until when the open round waits for Play or Fold (then it is folded). */
      decideBy: isoDate.nullable(),
    })
    .nullable(),
});
export type CardRound = z.infer<typeof cardRound>;

export const minesStartBody = z.object({ stake: moneyString, mineCount: z.number().int().min(1).max(24), idempotencyKey });
export const minesRevealBody = z.object({ roundId: z.string().regex(/^\d{1,18}$/), tile: z.number().int().min(0).max(24) });
export const minesCashOutBody = z.object({ roundId: z.string().regex(/^\d{1,18}$/) });

export const originalRound = z.object({
  roundId: z.string(),
  game: originalGame,
  status: z.enum(['OPEN', 'WON', 'LOST']),
  stake: moneyString,
  payout: moneyString,
  /** The multiplier paid (or, for an open mines round, the one a cash-out pays now). */
  multiplier: multiplierText,
  isTrial: z.boolean(),
  houseEdgeBp: z.number().int(),
  dice: z.object({ direction: z.enum(['UNDER', 'OVER']), chance: z.number().int(), roll: z.number().int() }).nullable(),
  mines: z
    .object({
      mineCount: z.number().int(),
      /** Tiles picked, in order. */
      picks: z.array(z.number().int()),
      /** Where the mines were: empty while the round is open. */
      mineTiles: z.array(z.number().int()),
      /** What one more safe tile would pay (null when the board has no safe tile left). */
      nextMultiplier: multiplierText.nullable(),
    })
    .nullable(),
  plinko: z
    .object({
      rows: z.number().int(),
      risk: z.enum(['LOW', 'MEDIUM', 'HIGH']),
      /** 0 = left, 1 = right, one per row. */
      path: z.array(z.number().int()),
      slot: z.number().int(),
    })
    .nullable(),
  /** Card games only (null for dice, mines and plinko). */
  cards: cardRound.nullable(),
  commitment: hex64,
  clientSeed: z.string(),
  nonce: z.number().int(),
  openedAt: isoDate,
  settledAt: isoDate.nullable(),
});
export type OriginalRound = z.infer<typeof originalRound>;

export const originalPlayResponse = playAnswerOf(originalRound);
export const minesOpenResponse = envelopeOf(z.object({ round: originalRound.nullable() }));
export const teenPattiOpenResponse = envelopeOf(z.object({ round: originalRound.nullable() }));

export const originalRoundsQuery = z.object({
  game: originalGame.optional(),
  ...pageFields({ maxPageNo: null }),
});
export const originalRoundsResponse = envelopeOf(numberedPage(originalRound));
export const originalRoundParams = z.object({ roundId: z.string().regex(/^\d{1,18}$/) });

/** Inputs of game-math's playDice / replayMines / dropPlinko; serverSeed null until the seed is rotated. */
export const verifyOriginalRoundResponse = envelopeOf(
  z.object({
    round: originalRound,
    /** Stake in minor units as a decimal integer string. */
    stakeMinor: z.string(),
    serverSeed: hex64.nullable(),
    isRevealed: z.boolean(),
  }),
);
