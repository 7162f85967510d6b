import { createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AggregatorIntegration } from '../client';
import { createHub88Client, gameUrlBody, hub88GameType, mapHub88Game, studioCodeOf } from './client';
import { parseHub88Report } from './parse-hub88-report';

/* The Hub88 Operator API client (outgoing) and the report parser, without a network: fetch is handed in. */

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const integration: AggregatorIntegration = {
  id: 1,
  merchantId: 1,
  code: 'HUB88',
  protocol: 'hub88',
  name: 'Hub88',
  isEnabled: true,
  baseUrl: 'https://api.example/',
  operatorRef: '77',
  inboundKey: '',
  secretEnv: 'AGGREGATOR_X',
  currencyMap: { BDT: 'BDT2' },
  enabledStudios: [],
  lastSyncedAt: null,
};

describe('Hub88 client', () => {
  it('signs the exact body with RSA-SHA256 (base64 X-Hub88-Signature) and posts to {base}/operator/generic/v2/game/list', async () => {
    const seen: { url: string; body: string; signature: string }[] = [];
    const client = createHub88Client({
      readSecret: () => keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      timeoutMs: 1000,
      fetch: async (url, init) => {
        seen.push({
          url: String(url),
          body: String(init?.body),
          signature: String((init?.headers as Record<string, string> | undefined)?.['X-Hub88-Signature']),
        });
        return new Response(
          JSON.stringify([{ game_code: 'evo_x', name: 'X', product: 'Evolution Gaming', category: 'Live Casino' }, { name: 'no code' }]),
        );
      },
    });
    const games = await client.listGames(integration);
    expect(seen[0]?.url).toBe('https://api.example/operator/generic/v2/game/list');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ operator_id: 77 });
    expect(
      createVerify('RSA-SHA256')
        .update(seen[0]?.body ?? '')
        .verify(keys.publicKey, seen[0]?.signature ?? '', 'base64'),
    ).toBe(true);
    expect(games).toHaveLength(1);
    expect(games[0]).toMatchObject({ studioCode: 'EVOLUTION_GAMING', gameType: 'LIVE', isLive: true, isEnabled: true });
  });

  it('maps failures: unset env var NOT_CONFIGURED (names the variable only), HTTP error REFUSED, non-JSON BAD_ANSWER, timeout TIMEOUT', async () => {
    const base = { timeoutMs: 50, readSecret: () => keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
    await expect(createHub88Client({ ...base, readSecret: () => undefined, fetch }).listGames(integration)).rejects.toMatchObject({
      kind: 'NOT_CONFIGURED',
      message: 'environment variable AGGREGATOR_X is not set',
    });
    await expect(createHub88Client({ ...base, readSecret: () => 'not a key', fetch }).listGames(integration)).rejects.toMatchObject({
      kind: 'NOT_CONFIGURED',
    });
    const answer = (response: Response) => createHub88Client({ ...base, fetch: async () => response });
    await expect(answer(new Response('{"error":"bad operator"}', { status: 403 })).listGames(integration)).rejects.toMatchObject({
      kind: 'REFUSED',
      httpStatus: 403,
      message: 'bad operator',
    });
    await expect(answer(new Response('<html>')).listGames(integration)).rejects.toMatchObject({ kind: 'BAD_ANSWER' });
    await expect(
      answer(new Response('{"url":"javascript:alert(1)"}')).gameUrl(integration, {
        user: '1',
        gameCode: 'g',
        token: 't'.repeat(20),
        language: 'EN',
        currency: 'BDT',
        platform: 'desktop',
        lobbyUrl: 'https://site/',
        isDemo: false,
      }),
    ).rejects.toMatchObject({ kind: 'BAD_ANSWER' });
    const slow = createHub88Client({
      ...base,
      fetch: (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    });
    await expect(slow.listGames(integration)).rejects.toMatchObject({ kind: 'TIMEOUT' });
  });

  it('game/url body: real launch carries user, token and the mapped currency; demo sends XXX and no user or token', () => {
    const request = {
      user: '42',
      gameCode: 'evo_x',
      token: 'tok-0123456789',
      language: 'BN' as const,
      currency: 'BDT',
      platform: 'mobile' as const,
      lobbyUrl: 'https://site/',
      isDemo: false,
    };
    expect(gameUrlBody(integration, request)).toEqual({
      operator_id: 77,
      game_code: 'evo_x',
      platform: 'GPL_MOBILE',
      lang: 'bn',
      lobby_url: 'https://site/',
      currency: 'BDT2',
      user: '42',
      token: 'tok-0123456789',
    });
    expect(gameUrlBody(integration, { ...request, isDemo: true, token: null })).toEqual({
      operator_id: 77,
      game_code: 'evo_x',
      platform: 'GPL_MOBILE',
      lang: 'bn',
      lobby_url: 'https://site/',
      currency: 'XXX',
    });
  });

  it('maps categories, studio codes and art', () => {
    expect(
      ['Video Slots', 'Live Casino', 'Fishing', 'Virtual Sports', 'eSports', 'Table Games', 'Lottery', 'Crash Games'].map(hub88GameType),
    ).toEqual(['RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'ELOTT', 'RNG']);
    expect(studioCodeOf("Play'n GO")).toBe('PLAY_N_GO');
    expect(mapHub88Game({ game_code: 'a', product: 'P', url_thumb: 'javascript:x', enabled: false })).toMatchObject({
      iconUrl: null,
      isEnabled: false,
      name: 'a',
    });
  });
});

describe('Hub88 report parser', () => {
  it('reads quoted CSV in any column order; refuses a bad line with its number', () => {
    const rows = parseHub88Report(
      'round,type,amount,currency,user,game_code,transaction_uuid\r\n"r,1",BET,100000,BDT,7,g,t1\r\n"r,1",win,250000,BDT,7,g,t2\r\n',
    );
    expect(rows.map((row) => [row.roundId, row.kind, row.amount])).toEqual([
      ['r,1', 'bet', 100000n],
      ['r,1', 'win', 250000n],
    ]);
    expect(() => parseHub88Report('round,type\nx,bet')).toThrowError(
      expect.objectContaining({ code: 'AGGREGATOR_REPORT_INVALID', value: { line: 1, reason: 'missing column transaction_uuid' } }),
    );
    expect(() => parseHub88Report('transaction_uuid,round,user,game_code,type,amount,currency\nt,r,u,g,bet,1.5,BDT')).toThrowError(
      expect.objectContaining({ value: { line: 2, reason: 'amount must be a whole number of 1/100000 units' } }),
    );
  });
});
