import { describe, expect, it } from 'vitest';
import { bytesToHex } from './crypto/bytes';
import { commitServerSeed } from './fair/commitment';
import { drawVn } from './lottery/vn';
import { spin } from './slots/spin';
import { BENGAL_TIGER } from './slots/titles/bengal-tiger';
import { verifyRound } from './verify-round';

const serverSeed = Uint8Array.from({ length: 32 }, (_, index) => index * 5 + 3);
const revealed = { serverSeedHex: bytesToHex(serverSeed), commitmentHex: commitServerSeed(serverSeed), clientSeed: 'my seed', nonce: 17 };

describe('verifyRound', () => {
  it('recomputes a slot round exactly and checks the commitment', () => {
    const recorded = spin(BENGAL_TIGER, { serverSeed, clientSeed: 'my seed', nonce: 17 }, { totalBetMinor: 200n });
    expect(verifyRound({ ...revealed, game: 'slot', titleId: 'bengal-tiger', totalBetMinor: 200n })).toEqual({
      ok: true,
      isCommitmentValid: true,
      spin: recorded,
    });
  });

  it('flags a seed that does not match its commitment', () => {
    const other = commitServerSeed(new Uint8Array(32));
    const result = verifyRound({ ...revealed, commitmentHex: other, game: 'lottery', kind: 'VN' });
    expect(result).toEqual({ ok: true, isCommitmentValid: false, draw: drawVn({ serverSeed, clientSeed: 'my seed', nonce: 17 }) });
  });

  it('explains inputs it cannot replay', () => {
    expect(verifyRound({ ...revealed, serverSeedHex: 'abc', game: 'lottery', kind: 'SEA' })).toEqual({
      ok: false,
      error: 'BAD_SEED_INPUTS',
    });
    expect(verifyRound({ ...revealed, game: 'slot', titleId: 'nope', totalBetMinor: 100n })).toEqual({ ok: false, error: 'UNKNOWN_TITLE' });
    expect(verifyRound({ ...revealed, game: 'slot', titleId: 'bengal-tiger', totalBetMinor: 7n })).toEqual({
      ok: false,
      error: 'NOT_A_BET_LEVEL',
    });
  });
});
