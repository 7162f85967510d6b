import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config';

/**
 * Server seeds at rest (issue 11, findings 5 and 10). A secret seed (a lottery issue's before
 * its draw, a member's NEXT and ACTIVE slot seeds) is stored only sealed with AES-256-GCM under
 * a key that is NOT in the database: anyone who can read the database (a replica, a backup, a
 * support tool, an SQL injection) must not be able to compute coming outcomes and buy sure
 * winners. A key kept in the same database would be read with the seeds it protects, so it is
 * either configured (`FAIRNESS_SEED_KEY`, the same on every node) or generated once into a file
 * in DATA_DIR (one machine; back it up with the database, or seeds sealed under it cannot be
 * opened and those issues cannot be drawn).
 *
 * Sealed form: `v1.<key id>.<iv>.<ciphertext+tag>` (base64url), with the seed's commitment as
 * additional data, so a sealed seed copied onto another row does not open there.
 */

const FORMAT = 'v1';
const KEY_FILE = 'fairness-seed.key';
/** Tests (NODE_ENV=test) without a configured key: fixed, so processes of one test agree. */
const TEST_KEY = createHash('sha256').update('kismat test fairness seed key').digest();

export interface SeedKeySource {
  NODE_ENV: string;
  DATA_DIR: string;
  FAIRNESS_SEED_KEY?: string | undefined;
}

interface SeedKey {
  key: Buffer;
  /** Names the key in sealed values: a node with another key fails loudly instead of drawing garbage. */
  id: string;
}

let configured: SeedKey | null = null;

/** 32 bytes from 64 hex digits or base64 (what `openssl rand -base64 32` prints). */
export function parseSeedKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('FAIRNESS_SEED_KEY must be 32 bytes: 64 hex digits or base64 (openssl rand -base64 32)');
  return key;
}

/** The key of this process: configured, else the test key, else the DATA_DIR key file (created once). */
export function resolveSeedKey(source: SeedKeySource): Buffer {
  if (source.FAIRNESS_SEED_KEY) return parseSeedKey(source.FAIRNESS_SEED_KEY);
  if (source.NODE_ENV === 'test') return TEST_KEY;
  return readOrCreateKeyFile(path.resolve(source.DATA_DIR, KEY_FILE));
}

function readOrCreateKeyFile(file: string): Buffer {
  try {
    return parseSeedKey(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  // Written aside and linked into place: two nodes starting together on one DATA_DIR both end
  // up with the first key, never with a half-written file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return parseSeedKey(readFileSync(file, 'utf8'));
}

function seedKeyOf(key: Buffer): SeedKey {
  return { key, id: createHash('sha256').update('kismat fairness seed key id').update(key).digest('hex').slice(0, 8) };
}

/** Called once per app with its config (registerHouseGameRoutes); scripts that never build an app fall back to the environment. */
export function configureSeedVault(source: SeedKeySource): void {
  configured = seedKeyOf(resolveSeedKey(source));
  opened.clear();
}

function currentKey(): SeedKey {
  configured ??= seedKeyOf(resolveSeedKey(loadConfig(process.env)));
  return configured;
}

/** Seals a 32-byte seed given as hex, bound to its commitment. */
export function sealServerSeed(serverSeedHex: string, commitment: string): string {
  const { key, id } = currentKey();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(commitment, 'utf8'));
  const sealed = Buffer.concat([cipher.update(Buffer.from(serverSeedHex, 'hex')), cipher.final(), cipher.getAuthTag()]);
  return [FORMAT, id, iv.toString('base64url'), sealed.toString('base64url')].join('.');
}

/**
 * Seeds opened by this process, by sealed value and commitment (issue 16: opening one was ~3 % of
 * a slot spin's server CPU, and a member's ACTIVE seed is opened on every spin until rotated).
 * Only what this process already opened with its key, which it holds in memory anyway; a
 * sealed value under another commitment is not found here and fails to open as before.
 * Bounded: emptied when full, and when the key changes.
 */
const opened = new Map<string, string>();
const MAX_OPENED_SEEDS = 10_000;

/** Opens a sealed seed; throws if it was sealed under another key, for another commitment, or altered. */
export function openServerSeed(sealedSeed: string, commitment: string): string {
  const { key, id } = currentKey();
  const [format, keyId, ivText, bodyText] = sealedSeed.split('.');
  if (format !== FORMAT || !ivText || !bodyText) throw new Error('sealed seed: unknown format');
  if (keyId !== id) {
    throw new Error(`sealed seed: sealed under key ${keyId}, this node has key ${id} (every node needs the same FAIRNESS_SEED_KEY)`);
  }
  const cacheKey = `${sealedSeed}\n${commitment}`;
  const known = opened.get(cacheKey);
  if (known !== undefined) return known;
  const body = Buffer.from(bodyText, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
  decipher.setAAD(Buffer.from(commitment, 'utf8'));
  decipher.setAuthTag(body.subarray(body.length - 16));
  const seed = Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('hex');
  if (opened.size >= MAX_OPENED_SEEDS) opened.clear();
  opened.set(cacheKey, seed);
  return seed;
}

/** The seed of a row: sealed (opened here), or in clear on a revealed row or one from before sealing. */
export function serverSeedOf(row: { serverSeedHex: string | null; serverSeedSealed: string | null; commitment: string }): string {
  if (row.serverSeedSealed) return openServerSeed(row.serverSeedSealed, row.commitment);
  if (row.serverSeedHex) return row.serverSeedHex;
  throw new Error('seed row has no seed');
}
