import { describe, expect, it } from 'vitest';
import { matchesRecordedPayout, verifySlotRound } from './verify-slot-round';

// The seed of docs/game-math.md section 5 (SHA-256 of "kismat rtp simulation") and its commitment.
const SERVER_SEED = '7fcded9c80e14b048c5a60d37e679cd7dde9b8232211b3afe70ff9957929e83d';
const COMMITMENT = '66630f30c52c892675c47c9c23ca148a96d4b59951191d010f134a756d78dd3b';
const round = (nonce: string, overrides: Partial<Parameters<typeof verifySlotRound>[0]> = {}) =>
  verifySlotRound({
    titleId: 'bengal-tiger',
    totalBetMinor: '100',
    serverSeedHex: SERVER_SEED,
    commitmentHex: COMMITMENT,
    clientSeed: 'simulation',
    nonce,
    ...overrides,
  });

describe('verifySlotRound (the verify page recomputation)', () => {
  it('recomputes a known paying round: stops, four line wins, 6.40 on a 1.00 bet, commitment valid', () => {
    const outcome = round('1');
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.isCommitmentValid).toBe(true);
    expect(outcome.spin.base.stops).toEqual([42, 6, 29, 5, 43]);
    expect(outcome.spin.base.lineWins).toHaveLength(4);
    expect(outcome.spin.totalPayoutMinor).toBe(640n);
    expect(matchesRecordedPayout(outcome.spin, '6.40')).toBe(true);
    expect(matchesRecordedPayout(outcome.spin, '6.41')).toBe(false);
  });

  it('recomputes a known round with its whole free-spin feature (15 free spins, 52.80)', () => {
    const outcome = round('3');
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.spin.base.stops).toEqual([29, 21, 18, 30, 38]);
    expect(outcome.spin.freeSpins).toHaveLength(15);
    expect(outcome.spin.totalPayoutMinor).toBe(5280n);
  });

  it('flags a seed that does not match the published hash, and tolerates pasted upper case and spaces', () => {
    const wrong = round('1', { commitmentHex: COMMITMENT.replace(/^6/, '7') });
    expect(wrong.ok && wrong.isCommitmentValid).toBe(false);
    const pasted = round('1', { serverSeedHex: ` ${SERVER_SEED.toUpperCase()} ` });
    expect(pasted.ok && pasted.isCommitmentValid).toBe(true);
  });

  it('refuses malformed inputs before touching the engine', () => {
    expect(round('1.5')).toEqual({ ok: false, error: 'BAD_NONCE' });
    expect(round('')).toEqual({ ok: false, error: 'BAD_NONCE' });
    expect(round('0', { serverSeedHex: 'abc' })).toEqual({ ok: false, error: 'BAD_SEED_INPUTS' });
    expect(round('0', { totalBetMinor: '150' })).toEqual({ ok: false, error: 'NOT_A_BET_LEVEL' });
    expect(round('0', { titleId: 'no-such-title' })).toEqual({ ok: false, error: 'UNKNOWN_TITLE' });
  });
});
