import {
  ENCRYPTION_PATHS,
  importSealingKey,
  type PublicKeyValue,
  type SealedBody,
  type SealingKey,
  sealPayload,
} from '@kismat/contracts/encryption';
import { ApiError, apiRequest, type RequestOptions } from './api-client';

/**
 * The spec's E calls: the JSON body is sealed for the server's public key (RSA-OAEP + AES-GCM,
 * DESIGN.md section 3) so passwords and codes never travel as readable JSON, even through a
 * TLS-terminating proxy. Only lazily loaded forms import this module: the contract's helper
 * brings Zod with it, which must stay out of the home page's first download.
 */

let sealingKey: Promise<SealingKey> | null = null;

function hasWebCrypto(): boolean {
  return typeof globalThis.crypto?.subtle?.importKey === 'function';
}

function loadSealingKey(): Promise<SealingKey> {
  if (!sealingKey) {
    sealingKey = apiRequest<PublicKeyValue>(ENCRYPTION_PATHS.publicKey, { skipAuthRedirect: true })
      // The server's clock, read as the answer arrives: bodies are dated on it, so a phone whose
      // clock is minutes off still passes the server's freshness check.
      .then((value) => importSealingKey(value.publicKeyPem, value.serverTime))
      .catch((error: unknown) => {
        // A failed fetch must not be cached: the next call tries again.
        sealingKey = null;
        throw error;
      });
  }
  return sealingKey;
}

/** Forgets the cached key (after the server rotated it). */
export function resetSealingKey(): void {
  sealingKey = null;
}

/**
 * The body to send for an E call at `path`. Without WebCrypto (a page served over plain http
 * from a LAN address during development) the body goes as is; the server refuses plain E
 * bodies outside development, so production is never weakened by this.
 */
export async function sealRequestBody(path: string, body: unknown): Promise<SealedBody | unknown> {
  if (!hasWebCrypto()) return body;
  return sealPayload(await loadSealingKey(), path, body);
}

type SealedOptions = Omit<RequestOptions, 'body' | 'method' | 'form'> & { method?: 'POST' | 'PUT' };

/**
 * Calls an E endpoint; a key the server no longer accepts, or a body it found too old (the
 * device clock moved since the key was fetched), is fetched again and sealed anew once.
 */
export async function sealedRequest<T>(path: string, body: unknown, options: SealedOptions = {}): Promise<T> {
  const send = async () => apiRequest<T>(path, { ...options, method: options.method ?? 'POST', body: await sealRequestBody(path, body) });
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'DECRYPTION_FAILED' || error.code === 'REQUEST_EXPIRED')) {
      resetSealingKey();
      return send();
    }
    throw error;
  }
}
