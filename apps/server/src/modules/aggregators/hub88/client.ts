import { createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import type { GameCategory } from '@kismat/contracts/constants';
import type { Language } from '@kismat/contracts/languages';
import {
  type AggregatorClient,
  type AggregatorClientDeps,
  AggregatorError,
  type AggregatorGame,
  type AggregatorIntegration,
  aggregatorCurrency,
  type GameUrlRequest,
  postJson,
} from '../client';

/*
 * Hub88's Operator API, outgoing side (docs.hub88.io, "Games API"): every request is a POST of a
 * JSON body under {base_url}/operator/generic/v2/..., with our `operator_id`, signed with OUR RSA
 * private key: RSA-SHA256 over the exact body bytes, base64, in the `X-Hub88-Signature` header.
 * Hub88 verifies it with the public key we registered for that operator_id. The private key PEM
 * lives in the env var the integration names (secret_env); it is read per call, never stored,
 * logged or returned.
 */

export const HUB88_PATHS = {
  gameList: '/operator/generic/v2/game/list',
  gameUrl: '/operator/generic/v2/game/url',
} as const;

/** Hub88's demo currency: a DEMO launch sends it and no user or token. */
export const HUB88_DEMO_CURRENCY = 'XXX';

/** A game of Hub88's game/list answer (the fields we read; others are ignored). */
export interface Hub88ListedGame {
  game_code: string;
  name: string;
  product: string;
  category?: string | null;
  url_thumb?: string | null;
  url_background?: string | null;
  enabled?: boolean;
  demo_game_support?: boolean;
  freebet_support?: boolean;
  platforms?: string[];
}

export function createHub88Client(deps: AggregatorClientDeps): AggregatorClient {
  return {
    protocol: 'hub88',

    async listGames(integration) {
      const answer = await signedPost(deps, integration, HUB88_PATHS.gameList, { operator_id: operatorId(integration) });
      if (!Array.isArray(answer)) throw new AggregatorError('BAD_ANSWER', 'game/list: expected an array of games');
      const games: AggregatorGame[] = [];
      for (const item of answer) {
        const game = mapHub88Game(item);
        if (game) games.push(game);
      }
      return games;
    },

    async gameUrl(integration, request) {
      const answer = await signedPost(deps, integration, HUB88_PATHS.gameUrl, gameUrlBody(integration, request));
      const url = answer && typeof answer === 'object' ? (answer as { url?: unknown }).url : undefined;
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new AggregatorError('BAD_ANSWER', 'game/url: no url in the answer');
      return { url };
    },
  };
}

/** The game/url body as Hub88 publishes it (snake_case; DEMO: currency XXX, no user or token). */
export function gameUrlBody(integration: AggregatorIntegration, request: GameUrlRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    operator_id: operatorId(integration),
    game_code: request.gameCode,
    platform: request.platform === 'mobile' ? 'GPL_MOBILE' : 'GPL_DESKTOP',
    lang: HUB88_LANGUAGES[request.language],
    lobby_url: request.lobbyUrl,
    currency: request.isDemo ? HUB88_DEMO_CURRENCY : aggregatorCurrency(integration, request.currency),
  };
  if (!request.isDemo) {
    if (!request.token) throw new AggregatorError('NOT_CONFIGURED', 'game/url: a real launch needs a session token');
    body.user = request.user;
    body.token = request.token;
  }
  if (request.country) body.country = request.country;
  if (request.ip) body.ip = request.ip;
  return body;
}

const HUB88_LANGUAGES: Record<Language, string> = { BN: 'bn', EN: 'en', SW: 'sw' };

/** Hub88's operator_id is an integer; a numeric operator_ref is sent as a number. */
function operatorId(integration: AggregatorIntegration): number | string {
  return /^\d{1,15}$/.test(integration.operatorRef) ? Number(integration.operatorRef) : integration.operatorRef;
}

async function signedPost(
  deps: AggregatorClientDeps,
  integration: AggregatorIntegration,
  path: string,
  payload: unknown,
): Promise<unknown> {
  const key = privateKeyOf(deps, integration);
  const body = JSON.stringify(payload);
  return postJson(deps, joinUrl(integration.baseUrl, path), body, { 'X-Hub88-Signature': signHub88Body(key, body) });
}

/** RSA-SHA256 over the body bytes, base64: the X-Hub88-Signature value. */
export function signHub88Body(key: KeyObject | string, body: string): string {
  return createSign('RSA-SHA256').update(body).sign(key, 'base64');
}

function privateKeyOf(deps: AggregatorClientDeps, integration: AggregatorIntegration): KeyObject {
  const pem = deps.readSecret(integration.secretEnv);
  // The message names the variable, never its value.
  if (!pem) throw new AggregatorError('NOT_CONFIGURED', `environment variable ${integration.secretEnv} is not set`);
  try {
    return createPrivateKey(pem.replace(/\\n/g, '\n'));
  } catch {
    throw new AggregatorError('NOT_CONFIGURED', `environment variable ${integration.secretEnv} does not hold a private key PEM`);
  }
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/** One game of the list in our vocabulary; null for an entry that is not a game (no code or product). */
export function mapHub88Game(item: unknown): AggregatorGame | null {
  if (!item || typeof item !== 'object') return null;
  const game = item as Partial<Hub88ListedGame>;
  if (typeof game.game_code !== 'string' || !game.game_code || typeof game.product !== 'string' || !game.product) return null;
  const category = typeof game.category === 'string' ? game.category : '';
  const gameType = hub88GameType(category);
  const platforms = (game.platforms ?? []).flatMap((platform) =>
    platform === 'GPL_DESKTOP' ? (['desktop'] as const) : platform === 'GPL_MOBILE' ? (['mobile'] as const) : [],
  );
  return {
    studioCode: studioCodeOf(game.product),
    studioName: game.product,
    gameCode: game.game_code,
    name: typeof game.name === 'string' && game.name ? game.name : game.game_code,
    aggregatorCategory: category,
    gameType,
    iconUrl: httpUrl(game.url_thumb),
    largeIconUrl: httpUrl(game.url_background) ?? httpUrl(game.url_thumb),
    isLive: gameType === 'LIVE',
    isEnabled: game.enabled !== false,
    supportsDemo: game.demo_game_support === true,
    supportsFreeBets: game.freebet_support === true,
    platforms,
  };
}

/** Hub88's product name -> a studio code: upper-case letters and digits, e.g. "Evolution Gaming" -> EVOLUTION_GAMING. */
export function studioCodeOf(product: string): string {
  return (
    product
      .normalize('NFKD')
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'STUDIO'
  );
}

/**
 * Hub88's category text -> our game type. Hub88 publishes free-text categories ("Video Slots",
 * "Live Casino", "Table Games", "Crash Games", "Fishing", "Virtual Sports", "Lottery", ...).
 */
export function hub88GameType(category: string): GameCategory {
  const text = category.toLowerCase();
  if (text.includes('live')) return 'LIVE';
  if (text.includes('fish') || text.includes('shoot')) return 'FISH';
  if (text.includes('esport')) return 'ESPORTS';
  if (text.includes('sport')) return 'SPORTS';
  if (text.includes('lotter') || text.includes('keno') || text.includes('bingo')) return 'ELOTT';
  if (text.includes('table') || text.includes('poker') || text.includes('card') || text.includes('blackjack') || text.includes('baccarat'))
    return 'PVP';
  return 'RNG';
}

function httpUrl(value: unknown): string | null {
  return typeof value === 'string' && /^https?:\/\//.test(value) ? value : null;
}
