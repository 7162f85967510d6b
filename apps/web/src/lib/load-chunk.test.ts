import { CHUNK_LOAD_TIMEOUT_MS } from '@kismat/contracts/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadChunk } from './load-chunk';

describe('loadChunk', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with the module when it arrives in time', async () => {
    const module = { Screen: 'screen' };
    await expect(loadChunk('Promotions', () => Promise.resolve(module))).resolves.toBe(module);
  });

  it('uses the spec timeout of 120 seconds by default', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const pending = loadChunk('Lottery', () => new Promise<never>(() => undefined));
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let isSettled = false;
    void pending
      .catch(() => undefined)
      .finally(() => {
        isSettled = true;
      });
    await Promise.resolve();
    expect(isSettled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ chunk: 'Lottery', reason: 'timeout' });
  });

  it('names the chunk when the import fails', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadChunk('MemberCenter', () => Promise.reject(cause)).catch((thrown: unknown) => thrown);
    expect(isChunkLoadError(error)).toBe(true);
    expect(error).toMatchObject({ chunk: 'MemberCenter', reason: 'failed', cause });
    expect((error as Error).message).toContain('MemberCenter');
  });

  it('turns a synchronous importer failure into a chunk error', async () => {
    const error = await loadChunk('PointMall', () => {
      throw new Error('boom');
    }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ chunk: 'PointMall', reason: 'failed' });
  });

  it('ignores a module that arrives after the timeout', async () => {
    let arrive: (value: string) => void = () => undefined;
    const pending = loadChunk('Seamless', () => new Promise<string>((resolve) => (arrive = resolve)), 1000);
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    arrive('late');
    expect(await outcome).toMatchObject({ reason: 'timeout' });
  });
});
