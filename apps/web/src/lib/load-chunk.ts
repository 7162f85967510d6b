import { CHUNK_LOAD_TIMEOUT_MS } from '@kismat/contracts/constants';

/** The lazily loaded screens of spec section 4; each is its own chunk. */
export type ChunkName =
  | 'Promotions'
  | 'Seamless'
  | 'Lottery'
  | 'MemberCenter'
  | 'PointMall'
  | 'Vip'
  | 'AccountGame'
  | 'GameListCenter'
  | 'GameCenter'
  | 'HelpCenter'
  | 'AgentLogin'
  | 'AgentCenter'
  | 'HouseGames'
  | 'SaferGambling'
  | 'Install'
  | 'Chat';

export type ChunkFailure = 'timeout' | 'failed';

/** A screen's code did not arrive. The message names the chunk only; users see translated text. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly chunk: ChunkName,
    readonly reason: ChunkFailure,
    options?: { cause?: unknown },
  ) {
    super(`Chunk ${chunk} ${reason === 'timeout' ? 'timed out' : 'failed to load'}`, options);
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/**
 * Loads a chunk, failing with a ChunkLoadError after `timeoutMs` (120 s by the spec) so a
 * stalled connection ends in a retry screen instead of a page that never appears.
 */
export function loadChunk<T>(chunk: ChunkName, importer: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let isSettled = false;
    const timer = setTimeout(() => {
      if (isSettled) return;
      isSettled = true;
      reject(new ChunkLoadError(chunk, 'timeout'));
    }, timeoutMs);
    let pending: Promise<T>;
    try {
      pending = importer();
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
      (module) => {
        if (isSettled) return;
        isSettled = true;
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        if (isSettled) return;
        isSettled = true;
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, 'failed', { cause: error }));
      },
    );
  });
}
