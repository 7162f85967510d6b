import { bytesToHex } from '@kismat/game-math/crypto/bytes';
import { commitServerSeed } from '@kismat/game-math/fair/commitment';
import { drawElott } from '@kismat/game-math/lottery/elott';
import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent, FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { type LotteryVerifyInput, verifyLotteryDraw } from '../utils/verify-lottery-draw';
import { useVerifyForm } from './use-verify-form';

const EMPTY: LotteryVerifyInput = { kind: 'ELOTT', serverSeedHex: '', commitmentHex: '', clientSeed: '', nonce: '0' };
const serverSeed = Uint8Array.from({ length: 32 }, (_, index) => 255 - index);
const record = { serverSeed: bytesToHex(serverSeed), commitment: commitServerSeed(serverSeed), clientSeed: 'ELOTT_1M:20261122-0007' };
const fromRecord = (issue: typeof record): LotteryVerifyInput => ({
  kind: 'ELOTT',
  serverSeedHex: issue.serverSeed,
  commitmentHex: issue.commitment,
  clientSeed: issue.clientSeed,
  nonce: '0',
});
const submitEvent = { preventDefault: () => undefined } as FormEvent;
const typed = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>;

describe('the verify form', () => {
  it('starts empty, fills from the record when it arrives, and recomputes on submit', () => {
    const { result, rerender } = renderHook(
      ({ issue }: { issue: typeof record | undefined }) =>
        useVerifyForm({ empty: EMPTY, record: issue, fromRecord, verify: verifyLotteryDraw }),
      { initialProps: { issue: undefined as typeof record | undefined } },
    );
    expect(result.current.form).toEqual(EMPTY);
    act(() => result.current.submit(submitEvent));
    expect(result.current.outcome).toEqual({ ok: false, error: 'BAD_SEED_INPUTS' });

    // The record clears the refusal and fills the inputs; the run redraws what the server drew.
    rerender({ issue: record });
    expect(result.current.outcome).toBeNull();
    expect(result.current.form.serverSeedHex).toBe(record.serverSeed);
    act(() => result.current.submit(submitEvent));
    expect(result.current.outcome).toEqual({
      ok: true,
      isCommitmentValid: true,
      draw: drawElott({ serverSeed, clientSeed: record.clientSeed, nonce: 0 }),
    });
  });

  it('keeps what the person types until another record arrives', () => {
    const { result, rerender } = renderHook(
      ({ issue }: { issue: typeof record }) => useVerifyForm({ empty: EMPTY, record: issue, fromRecord, verify: verifyLotteryDraw }),
      { initialProps: { issue: record } },
    );
    expect(result.current.bind('commitmentHex', 'commitment')).toMatchObject({ name: 'commitment', value: record.commitment });
    expect(result.current.bind('clientSeed').name).toBe('clientSeed');
    act(() => result.current.bind('commitmentHex').onChange(typed(commitServerSeed(new Uint8Array(32)))));
    rerender({ issue: record });
    act(() => result.current.submit(submitEvent));
    expect(result.current.outcome).toMatchObject({ ok: true, isCommitmentValid: false });

    const other = { ...record, clientSeed: 'ELOTT_1M:20261122-0008' };
    rerender({ issue: other });
    expect(result.current.form).toEqual(fromRecord(other));
    expect(result.current.outcome).toBeNull();
  });
});
