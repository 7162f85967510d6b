import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServerSeed } from './fairness-seeds';
import { configureSeedVault, openServerSeed, parseSeedKey, resolveSeedKey, sealServerSeed, serverSeedOf } from './seed-vault';

describe('seed vault (sealed server seeds at rest)', () => {
  const test = { NODE_ENV: 'test', DATA_DIR: './data' };
  afterAll(() => configureSeedVault(test));

  it('seals and opens a seed bound to its commitment; another commitment or an altered byte does not open', () => {
    configureSeedVault(test);
    const { serverSeedHex, commitment } = createServerSeed();
    const sealed = sealServerSeed(serverSeedHex, commitment);
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(serverSeedHex);
    expect(sealServerSeed(serverSeedHex, commitment)).not.toBe(sealed);
    expect(openServerSeed(sealed, commitment)).toBe(serverSeedHex);
    expect(serverSeedOf({ serverSeedHex: null, serverSeedSealed: sealed, commitment })).toBe(serverSeedHex);
    expect(() => openServerSeed(sealed, createServerSeed().commitment)).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => openServerSeed([parts[0], parts[1], parts[2], body.toString('base64url')].join('.'), commitment)).toThrow();
  });

  it('refuses, naming both keys, a seed sealed under another key (nodes must share FAIRNESS_SEED_KEY)', () => {
    configureSeedVault({ ...test, FAIRNESS_SEED_KEY: randomBytes(32).toString('hex') });
    const { serverSeedHex, commitment } = createServerSeed();
    const sealed = sealServerSeed(serverSeedHex, commitment);
    configureSeedVault({ ...test, FAIRNESS_SEED_KEY: randomBytes(32).toString('base64') });
    expect(() => openServerSeed(sealed, commitment)).toThrow(/sealed under key [0-9a-f]{8}, this node has key [0-9a-f]{8}/);
  });

  it('reads the key as hex or base64, and without one keeps a generated key in DATA_DIR, never elsewhere', () => {
    const key = randomBytes(32);
    expect(parseSeedKey(key.toString('hex'))).toEqual(key);
    expect(parseSeedKey(` ${key.toString('base64')}\n`)).toEqual(key);
    expect(() => parseSeedKey('c2hvcnQ=')).toThrow(/32 bytes/);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kismat-seed-key-'));
    const production = { NODE_ENV: 'production', DATA_DIR: dataDir };
    const generated = resolveSeedKey(production);
    const file = path.join(dataDir, 'fairness-seed.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseSeedKey(readFileSync(file, 'utf8'))).toEqual(generated);
    // The next start (or another process on the same DATA_DIR) uses the same key.
    expect(resolveSeedKey(production)).toEqual(generated);
    expect(resolveSeedKey({ ...production, FAIRNESS_SEED_KEY: key.toString('hex') })).toEqual(key);
  });
});
