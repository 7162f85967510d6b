import { verifyCommitment } from '@kismat/game-math/fair/commitment';
import { SeedInputError, seedInputsFromHex } from '@kismat/game-math/fair/seed-inputs';
import { type DiceDirection, isValidDiceBet, playDice } from '@kismat/game-math/originals/dice';
import { isValidMineCount, replayMines } from '@kismat/game-math/originals/mines';
import { dropPlinko, isValidPlinkoBet, type PlinkoRisk } from '@kismat/game-math/originals/plinko';
import { readSeedInputs, type SeedInputText } from './seed-inputs';

/** The verify form of an original round (dice or mines), as typed. */
export interface OriginalVerifyInput extends SeedInputText {
  game: 'DICE' | 'MINES' | 'PLINKO';
  stakeMinor: string;
  houseEdgeBp: string;
  direction: DiceDirection;
  chance: string;
  mineCount: string;
  /** Mines: the tiles picked, in order, comma separated. */
  picks: string;
  rows: string;
  risk: PlinkoRisk;
}

export type OriginalVerifyOutcome =
  | {
      ok: true;
      isCommitmentValid: boolean;
      game: 'DICE' | 'MINES' | 'PLINKO';
      roll: number | null;
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
  if (input.game === 'DICE') {
    const chance = wholeNumber(input.chance);
    const bet = { direction: input.direction, chance: chance ?? 0 };
    if (!isValidDiceBet(bet)) return { ok: false, error: 'BAD_BET' };
    const result = playDice(inputs, bet, stakeMinor, edge);
    return {
      ok: true,
      isCommitmentValid,
      game: 'DICE',
      roll: result.roll,
      path: [],
      slot: null,
      mineTiles: [],
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
      roll: null,
      path: result.path,
      slot: result.slot,
      mineTiles: [],
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
    roll: null,
    path: [],
    slot: null,
    mineTiles: result.mines,
    multiplier: result.multiplier,
    payoutMinor: result.payoutMinor,
  };
}
