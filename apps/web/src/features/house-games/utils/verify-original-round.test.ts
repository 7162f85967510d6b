import { commitServerSeed } from '@kismat/game-math/fair/commitment';
import { seedInputsFromHex } from '@kismat/game-math/fair/seed-inputs';
import { playDice } from '@kismat/game-math/originals/dice';
import { placeMines } from '@kismat/game-math/originals/mines';
import { dropPlinko } from '@kismat/game-math/originals/plinko';
import { describe, expect, it } from 'vitest';
import { verifyOriginalRound } from './verify-original-round';

const serverSeedHex = 'ab'.repeat(32);
const commitmentHex = commitServerSeed(seedInputsFromHex(serverSeedHex, 'c', 0).serverSeed);
const base = {
  serverSeedHex,
  commitmentHex,
  clientSeed: 'player seed',
  nonce: '4',
  stakeMinor: '1000',
  houseEdgeBp: '100',
  rows: '12',
  risk: 'LOW' as const,
};

describe('verifyOriginalRound', () => {
  it('recomputes a dice round exactly as game-math plays it', () => {
    const outcome = verifyOriginalRound({
      ...base,
      game: 'DICE',
      direction: 'OVER',
      chance: '4950',
      mineCount: '3',
      picks: '',
      rows: '12',
      risk: 'LOW',
    });
    const direct = playDice(seedInputsFromHex(serverSeedHex, 'player seed', 4), { direction: 'OVER', chance: 4_950 }, 1_000n, 100);
    expect(outcome).toMatchObject({ ok: true, isCommitmentValid: true, roll: direct.roll, payoutMinor: direct.payoutMinor });
  });

  it('replays a mines round from its picks and shows where the mines were', () => {
    const mines = placeMines(seedInputsFromHex(serverSeedHex, 'player seed', 4), 3);
    const safe = [...Array(25).keys()].filter((tile) => !mines.includes(tile)).slice(0, 2);
    const outcome = verifyOriginalRound({
      ...base,
      game: 'MINES',
      direction: 'UNDER',
      chance: '5000',
      mineCount: '3',
      picks: safe.join(','),
    });
    expect(outcome).toMatchObject({ ok: true, mineTiles: mines, payoutMinor: 1_285n });
  });

  it('replays a plinko drop: path, slot and payout', () => {
    const direct = dropPlinko(seedInputsFromHex(serverSeedHex, 'player seed', 4), { rows: 14, risk: 'HIGH' }, 1_000n);
    const outcome = verifyOriginalRound({
      ...base,
      game: 'PLINKO',
      direction: 'UNDER',
      chance: '5000',
      mineCount: '3',
      picks: '',
      rows: '14',
      risk: 'HIGH',
    });
    expect(outcome).toMatchObject({ ok: true, path: direct.path, slot: direct.slot, payoutMinor: direct.payoutMinor });
  });

  it('refuses bad inputs and flags a seed that does not match its hash', () => {
    expect(
      verifyOriginalRound({ ...base, game: 'DICE', direction: 'UNDER', chance: '50', mineCount: '3', picks: '', rows: '12', risk: 'LOW' }),
    ).toEqual({
      ok: false,
      error: 'BAD_BET',
    });
    expect(
      verifyOriginalRound({
        ...base,
        nonce: 'x',
        game: 'DICE',
        direction: 'UNDER',
        chance: '5000',
        mineCount: '3',
        picks: '',
        rows: '12',
        risk: 'LOW',
      }),
    ).toEqual({
      ok: false,
      error: 'BAD_NONCE',
    });
    const wrong = verifyOriginalRound({
      ...base,
      commitmentHex: '00'.repeat(32),
      game: 'DICE',
      direction: 'UNDER',
      chance: '5000',
      mineCount: '3',
      picks: '',
    });
    expect(wrong).toMatchObject({ ok: true, isCommitmentValid: false });
  });
});
