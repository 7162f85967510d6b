import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AggregatorError, type AggregatorIntegration, type GameUrlRequest } from '../client';
import { createAggregatorRegistry } from '../registry';
import { EvolutionClient } from './client';
import { FAKE_EVOLUTION_TABLES, FakeEvolution } from './fake-evolution';

/*
 * The Evolution outgoing client against the FAKE Evolution server (fake-evolution.ts), which
 * follows the published examples of the User Authentication, Lobby state and Game History APIs.
 */

const CASINO_KEY = 'kismatcasino01';
const API_TOKEN = 'evo-api-token-test';
const SECRETS: Record<string, string> = { EVO_TEST_AUTH: 'wallet-auth-token', EVO_TEST_AUTH_API_TOKEN: API_TOKEN };
/** A player's desktop launch of Starburst (real money, English, BDT): the launches below vary one field of it. */
const DESKTOP_LAUNCH: GameUrlRequest = {
  user: '7',
  gameCode: 'starburst_sw',
  token: 't',
  language: 'EN',
  currency: 'BDT',
  platform: 'desktop',
  lobbyUrl: 'https://kismat.example/',
  isDemo: false,
};

function integrationFor(baseUrl: string, overrides: Partial<AggregatorIntegration> = {}): AggregatorIntegration {
  return {
    id: 1,
    merchantId: 1,
    code: 'EVOLUTION',
    protocol: 'evolution',
    name: 'Evolution',
    isEnabled: true,
    baseUrl,
    operatorRef: CASINO_KEY,
    inboundKey: 'kismat-evo',
    secretEnv: 'EVO_TEST_AUTH',
    currencyMap: { BDT: 'BDT' },
    enabledStudios: [],
    lastSyncedAt: null,
    ...overrides,
  };
}

describe('Evolution client (against the fake Evolution)', () => {
  const fake = new FakeEvolution(CASINO_KEY, API_TOKEN);
  let base = '';
  const client = new EvolutionClient({ readSecret: (name) => SECRETS[name], timeoutMs: 2_000 });

  beforeAll(async () => {
    base = await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
  });

  it('lists the lobby tables as games of their studios', async () => {
    const games = await client.listGames(integrationFor(base));
    expect(games).toHaveLength(FAKE_EVOLUTION_TABLES.length);
    const roulette = games.find((game) => game.gameCode === 'vctlz20yfnmp1ylr');
    expect(roulette).toMatchObject({
      studioCode: 'EVOLUTION',
      studioName: 'Evolution',
      name: 'Roulette',
      aggregatorCategory: 'roulette',
      gameType: 'LIVE',
      isLive: true,
      isEnabled: true,
      supportsDemo: false,
      iconUrl: `${base}/thumbnails/vctlz20yfnmp1ylr/M.jpg`,
      largeIconUrl: `${base}/thumbnails/vctlz20yfnmp1ylr/L.jpg`,
    });
    expect(games.find((game) => game.gameCode === 'starburst_sw')).toMatchObject({ studioCode: 'NETENT', gameType: 'RNG', isLive: false });
    expect(games.find((game) => game.gameCode === 'CrazyTime0000001')?.isEnabled).toBe(false);
    expect(new Set(games.map((game) => game.studioCode))).toEqual(new Set(['EVOLUTION', 'NETENT', 'REDTIGER']));
  });

  it('launches through User Authentication: the entry URL on the Evolution host, our session as sid', async () => {
    const { url } = await client.gameUrl(integrationFor(base), {
      user: '1042',
      gameCode: 'vctlz20yfnmp1ylr',
      token: 'our-session-token',
      language: 'SW',
      currency: 'BDT',
      platform: 'mobile',
      lobbyUrl: 'https://kismat.example/live',
      isDemo: false,
      ip: '203.0.113.9',
      country: 'KE',
    });
    expect(url.startsWith(`${base}/entry?params=`)).toBe(true);
    expect(fake.launches.at(-1)).toEqual({
      userId: '1042',
      sid: 'our-session-token',
      currency: 'BDT',
      tableId: 'vctlz20yfnmp1ylr',
      language: 'sw',
      mobile: true,
    });
  });

  it('maps our currency through the contract, refuses demo and names a missing token without its value', async () => {
    await client.gameUrl(integrationFor(base, { currencyMap: { BDT: 'BDX' } }), DESKTOP_LAUNCH);
    expect(fake.launches.at(-1)?.currency).toBe('BDX');

    const demo = client.gameUrl(integrationFor(base), { ...DESKTOP_LAUNCH, token: null, isDemo: true });
    await expect(demo).rejects.toMatchObject({ kind: 'REFUSED' });

    const unconfigured = new EvolutionClient({ readSecret: () => undefined, timeoutMs: 2_000 });
    const error = await unconfigured.listGames(integrationFor(base)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AggregatorError);
    expect(error).toMatchObject({ kind: 'NOT_CONFIGURED' });
    expect(String((error as Error).message)).not.toContain(API_TOKEN);
  });

  it('an unknown table, a wrong token and an unreachable host are the interface errors', async () => {
    const unknownTable = client.gameUrl(integrationFor(base), { ...DESKTOP_LAUNCH, gameCode: 'no-such-table' });
    await expect(unknownTable).rejects.toMatchObject({ kind: 'REFUSED', httpStatus: 400 });
    const wrongToken = new EvolutionClient({ readSecret: (name) => (name.endsWith('_API_TOKEN') ? 'wrong' : 'x'), timeoutMs: 2_000 });
    await expect(wrongToken.listGames(integrationFor(base))).rejects.toMatchObject({ kind: 'REFUSED', httpStatus: 401 });
    await expect(client.listGames(integrationFor('http://127.0.0.1:1'))).rejects.toMatchObject({ kind: 'UNREACHABLE' });
  });

  it('reads the Game History report as bet and win lines in minor units', async () => {
    const settledAt = new Date('2026-11-20T10:00:00Z');
    fake.recordRound({
      id: 'round-77',
      tableId: 'vctlz20yfnmp1ylr',
      userId: '1042',
      currency: 'BDT',
      settledAt: settledAt.toISOString(),
      bets: [
        { transactionId: 'tx-1', stake: 10.5, payout: 21 },
        { transactionId: 'tx-2', stake: 2, payout: 0 },
      ],
    });
    const lines = await client.fetchRoundReport(integrationFor(base), {
      from: new Date('2026-11-20T00:00:00Z'),
      to: new Date('2026-11-21T00:00:00Z'),
    });
    expect(lines).toEqual([
      {
        transactionId: 'tx-1',
        kind: 'bet',
        amountMinor: 10_50n,
        roundId: 'round-77',
        gameCode: 'vctlz20yfnmp1ylr',
        user: '1042',
        currency: 'BDT',
        at: settledAt,
      },
      {
        transactionId: 'tx-1:payout',
        kind: 'win',
        amountMinor: 21_00n,
        roundId: 'round-77',
        gameCode: 'vctlz20yfnmp1ylr',
        user: '1042',
        currency: 'BDT',
        at: settledAt,
      },
      {
        transactionId: 'tx-2',
        kind: 'bet',
        amountMinor: 2_00n,
        roundId: 'round-77',
        gameCode: 'vctlz20yfnmp1ylr',
        user: '1042',
        currency: 'BDT',
        at: settledAt,
      },
    ]);
  });

  it('is the registry client of the evolution protocol', () => {
    const registry = createAggregatorRegistry({ readSecret: (name) => SECRETS[name] });
    expect(registry.client('evolution').protocol).toBe('evolution');
  });
});
