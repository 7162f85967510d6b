import { verifyCommitment } from '@kismat/game-math/fair/commitment';
import { SeedInputError, seedInputsFromHex } from '@kismat/game-math/fair/seed-inputs';
import { CARD_GAME_RULES, type CardGameId, isCardGame, playCardGame } from '@kismat/game-math/originals/card-games';
import { cardLabel } from '@kismat/game-math/originals/cards';
import { type DiceDirection, isValidDiceBet, playDice } from '@kismat/game-math/originals/dice';
import { isValidMineCount, replayMines } from '@kismat/game-math/originals/mines';
import { dropPlinko, isValidPlinkoBet, type PlinkoRisk } from '@kismat/game-math/originals/plinko';
import { readSeedInputs, type SeedInputText } from './seed-inputs';

export type VerifiableOriginal = 'DICE' | 'MINES' | 'PLINKO' | CardGameId;

/** The verify form of an original round (dice, mines, plinko or a card game), as typed. */
export interface OriginalVerifyInput extends SeedInputText {
  game: VerifiableOriginal;
  stakeMinor: string;
  houseEdgeBp: string;
  direction: DiceDirection;
  chance: string;
  mineCount: string;
  /** Mines: the tiles picked, in order, comma separated. */
  picks: string;
  rows: string;
  risk: PlinkoRisk;
  /** Card games: the slip, "BET=stake in minor units" comma separated ("DRAGON=1000,TIE=100"). */
  cardStakes?: string;
}

export type OriginalVerifyOutcome =
  | {
      ok: true;
      isCommitmentValid: boolean;
      game: VerifiableOriginal;
      roll: number | null;
      /** Card games: every card dealt, in dealing order ("A♠"-style labels are the screen's; these are "AS"), and the deal. */
      cards: string[] | null;
      deal: Record<string, unknown> | null;
      /** Plinko: the ball's path (0 left, 1 right) and its slot. */
      path: number[];
      slot: number | null;
      mineTiles: number[];
      multiplier: number;
      payoutMinor: bigint;
    }
  | { ok: false; error: 'BAD_SEED_INPUTS' | 'BAD_NONCE' | 'BAD_BET' };

const wholeNumber = (text: string) => (/^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : null);

/** Replays a dice, mines or plinko round in the browser with the same package the server plays it with. */
export function verifyOriginalRound(input: OriginalVerifyInput): OriginalVerifyOutcome {
  const seeds = readSeedInputs(input);
  if (!seeds) return { ok: false, error: 'BAD_NONCE' };
  const edge = wholeNumber(input.houseEdgeBp);
  if (!/^\d{1,18}$/.test(input.stakeMinor.trim()) || edge === null || edge > 1_000) return { ok: false, error: 'BAD_BET' };
  const stakeMinor = BigInt(input.stakeMinor.trim());
  if (stakeMinor <= 0n) return { ok: false, error: 'BAD_BET' };
  let inputs: ReturnType<typeof seedInputsFromHex>;
  try {
    inputs = seedInputsFromHex(seeds.serverSeedHex, seeds.clientSeed, seeds.nonce);
  } catch (error) {
    if (error instanceof SeedInputError) return { ok: false, error: 'BAD_SEED_INPUTS' };
    throw error;
  }
  const isCommitmentValid = verifyCommitment(seeds.serverSeedHex, seeds.commitmentHex);
  const none = { roll: null, path: [], slot: null, mineTiles: [], cards: null, deal: null };
  if (isCardGame(input.game)) {
    const stakes = parseCardStakes(input.game, input.cardStakes ?? '');
    if (!stakes) return { ok: false, error: 'BAD_BET' };
    let result: ReturnType<typeof playCardGame>;
    try {
      result = playCardGame(input.game, inputs, stakes);
    } catch (error) {
      // Teen Patti: a PLAY stake other than the ante (or 0 for a fold) is no round the server deals.
      if (error instanceof RangeError) return { ok: false, error: 'BAD_BET' };
      throw error;
    }
    const deal = result.deal as Record<string, unknown>;
    const total = Object.values(stakes).reduce((sum, stake) => sum + stake, 0n);
    return {
      ok: true,
      isCommitmentValid,
      game: input.game,
      ...none,
      cards: dealtCards(deal).map(cardLabel),
      deal,
      multiplier: Number((result.payoutMinor * 10_000n) / total),
      payoutMinor: result.payoutMinor,
    };
  }
  if (input.game === 'DICE') {
    const chance = wholeNumber(input.chance);
    const bet = { direction: input.direction, chance: chance ?? 0 };
    if (!isValidDiceBet(bet)) return { ok: false, error: 'BAD_BET' };
    const result = playDice(inputs, bet, stakeMinor, edge);
    return {
      ok: true,
      isCommitmentValid,
      game: 'DICE',
      ...none,
      roll: result.roll,
      multiplier: result.isWin ? result.multiplier : 0,
      payoutMinor: result.payoutMinor,
    };
  }
  if (input.game === 'PLINKO') {
    const bet = { rows: wholeNumber(input.rows) ?? 0, risk: input.risk };
    if (!isValidPlinkoBet(bet)) return { ok: false, error: 'BAD_BET' };
    const result = dropPlinko(inputs, bet, stakeMinor);
    return {
      ok: true,
      isCommitmentValid,
      game: 'PLINKO',
      ...none,
      path: result.path,
      slot: result.slot,
      multiplier: result.multiplier,
      payoutMinor: result.payoutMinor,
    };
  }
  const mineCount = wholeNumber(input.mineCount);
  const picks = input.picks.trim() === '' ? [] : input.picks.split(',').map((part) => wholeNumber(part));
  if (mineCount === null || !isValidMineCount(mineCount) || picks.some((tile) => tile === null || tile > 24)) {
    return { ok: false, error: 'BAD_BET' };
  }
  const result = replayMines(inputs, { mineCount, picks: picks as number[], stakeMinor, edgeBp: edge });
  return {
    ok: true,
    isCommitmentValid,
    game: 'MINES',
    ...none,
    mineTiles: result.mines,
    multiplier: result.multiplier,
    payoutMinor: result.payoutMinor,
  };
}

/** "DRAGON=1000, TIE=100" to stakes; null when a bet is unknown, repeated or not a positive whole number. */
export function parseCardStakes(game: CardGameId, text: string): Record<string, bigint> | null {
  const stakes: Record<string, bigint> = {};
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const [bet, stake] = part.split('=').map((piece) => piece.trim());
    if (!bet || !stake || !CARD_GAME_RULES[game].bets.includes(bet) || bet in stakes || !/^\d{1,18}$/.test(stake)) return null;
    stakes[bet] = BigInt(stake);
  }
  const placed = Object.values(stakes).filter((stake) => stake > 0n);
  return placed.length > 0 ? stakes : null;
}

/** The cards of a deal in dealing order: Dragon then Tiger; the joker then Andar and Bahar alternately; player and dealer alternately. */
function dealtCards(deal: Record<string, unknown>): number[] {
  if (typeof deal.dragon === 'number' && typeof deal.tiger === 'number') return [deal.dragon, deal.tiger];
  const alternate = (first: number[], second: number[]) =>
    first.flatMap((card, index) => (index < second.length ? [card, second[index]!] : [card]));
  if (typeof deal.joker === 'number') return [deal.joker, ...alternate(deal.andar as number[], deal.bahar as number[])];
  if (Array.isArray(deal.player)) return alternate(deal.player as number[], deal.dealer as number[]);
  return [];
}
