import { bytesToHex } from '@kismat/game-math/crypto/bytes';
import { commitServerSeed } from '@kismat/game-math/fair/commitment';
import { drawElott } from '@kismat/game-math/lottery/elott';
import { hashTicketSet, lotteryClientSeed } from '@kismat/game-math/lottery/ticket-set';
import { drawVn } from '@kismat/game-math/lottery/vn';
import { describe, expect, it } from 'vitest';
import { matchesRecordedDraw, usesTicketSet, verifyLotteryDraw } from './verify-lottery-draw';

const serverSeed = Uint8Array.from({ length: 32 }, (_, index) => index * 7 + 1);
const clientSeed = 'ELOTT_1M:20261122-0042';
const input = {
  kind: 'ELOTT' as const,
  serverSeedHex: bytesToHex(serverSeed),
  commitmentHex: commitServerSeed(serverSeed),
  clientSeed,
  nonce: '0',
};

describe('verify a lottery draw in the browser', () => {
  it('redraws the issue exactly as the server drew it and checks the commitment', () => {
    const drawn = drawElott({ serverSeed, clientSeed, nonce: 0 });
    const outcome = verifyLotteryDraw({ ...input, serverSeedHex: ` ${input.serverSeedHex.toUpperCase()} ` });
    expect(outcome).toEqual({ ok: true, isCommitmentValid: true, draw: drawn });
    if (!outcome.ok) throw new Error('not verified');
    expect(matchesRecordedDraw(outcome.draw, { kind: 'ELOTT', digits: [...drawn.digits] })).toBe(true);
    const tampered = [...drawn.digits];
    tampered[0] = ((tampered[0] ?? 0) + 1) % 10;
    expect(matchesRecordedDraw(outcome.draw, { kind: 'ELOTT', digits: tampered })).toBe(false);
    expect(matchesRecordedDraw(outcome.draw, null)).toBe(false);
  });

  it('compares VN prizes whatever the key order the database returned', () => {
    const drawn = drawVn({ serverSeed, clientSeed, nonce: 0 });
    const outcome = verifyLotteryDraw({ ...input, kind: 'VN' });
    if (!outcome.ok) throw new Error('not verified');
    const reordered = Object.fromEntries(
      Object.entries(drawn.prizes)
        .reverse()
        .map(([tier, numbers]) => [tier, [...numbers]]),
    );
    expect(matchesRecordedDraw(outcome.draw, { prizes: reordered, kind: 'VN' })).toBe(true);
  });

  it('flags a wrong commitment and refuses unreadable inputs', () => {
    const other = commitServerSeed(new Uint8Array(32));
    expect(verifyLotteryDraw({ ...input, commitmentHex: other })).toMatchObject({ ok: true, isCommitmentValid: false });
    expect(verifyLotteryDraw({ ...input, serverSeedHex: 'abc' })).toEqual({ ok: false, error: 'BAD_SEED_INPUTS' });
    expect(verifyLotteryDraw({ ...input, nonce: '-1' })).toEqual({ ok: false, error: 'BAD_NONCE' });
  });

  it('redraws with the closed ticket set in the client seed, and tells whether the seed carries the published hash', () => {
    const ticketSetHash = hashTicketSet([{ ticketId: 9, betType: 'SUM_SIZE', selection: 'BIG', oddsScaled: 19_600, amountMinor: 200 }]);
    const withTickets = lotteryClientSeed({ gameCode: 'ELOTT_1M', issueNo: '20261122-0042', ticketSetHash });
    const outcome = verifyLotteryDraw({ ...input, clientSeed: withTickets });
    expect(outcome).toEqual({ ok: true, isCommitmentValid: true, draw: drawElott({ serverSeed, clientSeed: withTickets, nonce: 0 }) });
    // The hash changes the draw: the same seed without it gives another one.
    if (!outcome.ok) throw new Error('not verified');
    const withoutTickets = drawElott({ serverSeed, clientSeed, nonce: 0 });
    expect(matchesRecordedDraw(outcome.draw, { kind: 'ELOTT', digits: [...withoutTickets.digits] })).toBe(false);
    expect(usesTicketSet(withTickets, ticketSetHash)).toBe(true);
    expect(usesTicketSet(withTickets, ticketSetHash.toUpperCase())).toBe(true);
    expect(usesTicketSet(clientSeed, ticketSetHash)).toBe(false);
    expect(usesTicketSet(`${withTickets.slice(0, -1)}0`, ticketSetHash)).toBe(false);
  });
});
