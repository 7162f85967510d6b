import type { CrashFeedBet, CrashRound } from '@kismat/contracts/crash';
import { describe, expect, it } from 'vitest';
import { mergeBet } from '../hooks/use-crash-feed';
import { localPhaseAt, multiplierLabel, pointTone, serverOffsetMs, shownMultiplier } from './crash-clock';

const round: CrashRound = {
  roundId: '7',
  chainId: '1',
  roundIndex: 7,
  phase: 'BETTING',
  bettingOpensAt: '2026-03-01T10:00:00.000Z',
  runningAt: '2026-03-01T10:00:07.000Z',
  crashedAt: null,
  crashPoint: null,
  seed: null,
  commitment: 'ab'.repeat(32),
  salt: 'salt',
  houseEdgeBp: 100,
};
const at = (iso: string) => Date.parse(iso);

describe('crash clock', () => {
  it('runs on the server clock: the offset is the server time minus when the state arrived', () => {
    expect(serverOffsetMs({ serverTime: '2026-03-01T10:00:05.000Z', receivedAt: at('2026-03-01T10:00:04.250Z') })).toBe(750);
  });

  it('shows betting until running_at, then the curve, and holds the crash point once the server says CRASHED', () => {
    expect(localPhaseAt(round, at('2026-03-01T10:00:06.999Z'))).toBe('BETTING');
    expect(localPhaseAt(round, at('2026-03-01T10:00:07.000Z'))).toBe('RUNNING');
    // 11.553 s of running is 2.00x.
    expect(shownMultiplier(round, at('2026-03-01T10:00:18.553Z'))).toBe(200);
    const crashed = { ...round, phase: 'CRASHED' as const, crashPoint: '1.87' };
    expect(localPhaseAt(crashed, at('2026-03-01T10:00:30.000Z'))).toBe('CRASHED');
    expect(shownMultiplier(crashed, at('2026-03-01T10:01:30.000Z'))).toBe(187);
    expect(multiplierLabel(187)).toBe('1.87×');
  });

  it('colours crash points by band', () => {
    expect([100, 199, 200, 999, 1_000, 9_999, 10_000].map(pointTone)).toEqual(['low', 'low', 'mid', 'mid', 'high', 'high', 'moon']);
  });

  it('merges a pushed bet into the feed: new ones first, a known one replaced with its own flag kept', () => {
    const bet = (betId: string, status: CrashFeedBet['status'], isMine = false): CrashFeedBet => ({
      betId,
      roundId: '7',
      player: 'pl***23',
      stake: '10.00',
      autoCashOut: null,
      status,
      cashOut: status === 'CASHED' ? '2.00' : null,
      payout: status === 'CASHED' ? '20.00' : '0.00',
      isMine,
    });
    const feed = [bet('1', 'OPEN', true), bet('2', 'OPEN')];
    expect(mergeBet(feed, bet('3', 'OPEN')).map((one) => one.betId)).toEqual(['3', '1', '2']);
    const merged = mergeBet(feed, bet('1', 'CASHED'));
    expect(merged[0]).toMatchObject({ betId: '1', status: 'CASHED', isMine: true });
    expect(merged).toHaveLength(2);
  });
});
