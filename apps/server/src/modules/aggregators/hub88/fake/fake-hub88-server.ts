import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hub88ListedGame } from '../client';

/*
 * FAKE HUB88 AGGREGATOR — a test double, never part of the site (tests and the e2e spec start
 * it on a free port; `npm start` never does, and no contract row points at it unless a test
 * writes one). It plays Hub88's side of BOTH directions as the published Operator API describes:
 *  - Games API (what our client calls): POST /operator/generic/v2/game/list and /game/url, each
 *    body signed by US (RSA-SHA256, base64, X-Hub88-Signature), verified here with OUR public
 *    key; an unknown operator_id or a bad signature is refused (HTTP 401/403, nothing done).
 *  - A small game page at the URL game/url returns (GET /play/<id>), labelled FAKE; pressing
 *    Play makes the fake call OUR Hub88 wallet endpoints with the player's token: /user/info,
 *    then /transaction/bet, then /transaction/win, each signed with the FAKE's private key (the
 *    contract's inbound_key is its public half), amounts in Hub88's units (x100000).
 */

export interface FakeHub88Options {
  /** Hub88's operator_id of the contract (our operator_ref). */
  operatorId: number;
  /** OUR public key PEM: verifies the Games API calls we sign with our private key. */
  operatorPublicKeyPem: string;
  /** The FAKE's private key PEM: signs its wallet calls to us. */
  hub88PrivateKeyPem: string;
  /** Our wallet endpoint for the contract, e.g. http://127.0.0.1:3000/aggregators/hub88/KISMAT/HUB88. */
  walletUrl: string;
  games: Hub88ListedGame[];
  /** Stake of one round on the game page, in Hub88 units (default 10.00 = 1000000). */
  stake?: number;
  /** The win of round n (1-based), in Hub88 units; default: 2.5 x stake on odd rounds, 0 on even ones. */
  winOf?: (round: number, stake: number) => number;
  host?: string;
}

interface FakeSession {
  id: string;
  user: string;
  token: string;
  gameCode: string;
  currency: string;
  lobbyUrl: string;
  rounds: number;
}

export interface FakeHub88 {
  url: string;
  /** Every Games API call the fake took (path, whether its signature verified). */
  readonly calls: { path: string; verified: boolean; body: unknown }[];
  /** The wallet answers the game page got, in order (for the tests' assertions). */
  readonly walletAnswers: { call: string; status: string; balance?: number }[];
  close(): Promise<void>;
}

export async function startFakeHub88(options: FakeHub88Options): Promise<FakeHub88> {
  const operatorKey: KeyObject = createPublicKey(options.operatorPublicKeyPem);
  const stake = options.stake ?? 1_000_000;
  const winOf = options.winOf ?? ((round: number, amount: number) => (round % 2 === 1 ? Math.round(amount * 2.5) : 0));
  const sessions = new Map<string, FakeSession>();
  const calls: FakeHub88['calls'] = [];
  const walletAnswers: FakeHub88['walletAnswers'] = [];
  const walletUrl = options.walletUrl.replace(/\/+$/, '');
  const hub88Key = createPrivateKey(options.hub88PrivateKeyPem);
  /** One wallet call as Hub88 makes it: snake_case JSON with a request_uuid, signed with Hub88's key. */
  const walletCall = async (path: string, payload: Record<string, unknown>): Promise<{ status: string; balance?: number }> => {
    const body = JSON.stringify({ request_uuid: randomUUID(), ...payload });
    const signature = createSign('RSA-SHA256').update(body).sign(hub88Key, 'base64');
    const answer = await fetch(`${walletUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub88-signature': signature },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return (await answer.json()) as { status: string; balance?: number };
  };
  let base = '';

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, 'application/json', JSON.stringify({ error: error instanceof Error ? error.message : 'fake failed' }));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<null> {
    const url = new URL(request.url ?? '/', base);
    const body = await readBody(request);
    if (request.method === 'POST' && url.pathname.startsWith('/operator/generic/v2/')) return games(url.pathname, request, body, response);
    const play = /^\/play\/([\w-]+)$/.exec(url.pathname);
    const session = play ? sessions.get(play[1] ?? '') : undefined;
    if (play && !session) return send(response, 404, 'text/html', page('Unknown game session', '<p>This session does not exist.</p>'));
    if (session && request.method === 'GET') return send(response, 200, 'text/html', gamePage(session, null));
    if (session && request.method === 'POST') return send(response, 200, 'text/html', gamePage(session, await playRound(session)));
    return send(response, 404, 'application/json', JSON.stringify({ error: 'not found' }));
  }

  function games(path: string, request: IncomingMessage, body: string, response: ServerResponse): null {
    const signature = request.headers['x-hub88-signature'];
    const verified = typeof signature === 'string' && createVerify('RSA-SHA256').update(body).verify(operatorKey, signature, 'base64');
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(body) as Record<string, unknown>;
    } catch {
      // left empty: refused below
    }
    calls.push({ path, verified, body: parsed });
    if (!verified) return send(response, 401, 'application/json', JSON.stringify({ error: 'invalid signature' }));
    if (parsed.operator_id !== options.operatorId)
      return send(response, 403, 'application/json', JSON.stringify({ error: 'unknown operator_id' }));
    if (path === '/operator/generic/v2/game/list') return send(response, 200, 'application/json', JSON.stringify(options.games));
    if (path !== '/operator/generic/v2/game/url') return send(response, 404, 'application/json', JSON.stringify({ error: 'not found' }));
    const game = options.games.find((item) => item.game_code === parsed.game_code);
    if (!game || game.enabled === false) return send(response, 400, 'application/json', JSON.stringify({ error: 'unknown game_code' }));
    const platform = parsed.platform;
    if (platform !== 'GPL_DESKTOP' && platform !== 'GPL_MOBILE')
      return send(response, 400, 'application/json', JSON.stringify({ error: 'platform' }));
    const isDemo = parsed.currency === 'XXX';
    if (!isDemo && (typeof parsed.user !== 'string' || typeof parsed.token !== 'string' || parsed.token.length < 10))
      return send(response, 400, 'application/json', JSON.stringify({ error: 'user and token are required' }));
    const id = randomUUID();
    sessions.set(id, {
      id,
      user: isDemo ? '' : String(parsed.user),
      token: isDemo ? '' : String(parsed.token),
      gameCode: game.game_code,
      currency: String(parsed.currency),
      lobbyUrl: typeof parsed.lobby_url === 'string' ? parsed.lobby_url : '',
      rounds: 0,
    });
    return send(response, 200, 'application/json', JSON.stringify({ url: `${base}/play/${id}` }));
  }

  /** One round as a Hub88 game plays it: the player's info, the bet, then the win (0 settles a loss). */
  async function playRound(session: FakeSession): Promise<string> {
    if (!session.token) return '<p class="result">DEMO: fun money, no wallet calls.</p>';
    const base = { user: session.user, token: session.token, game_code: session.gameCode };
    const info = await walletCall('/user/info', base);
    walletAnswers.push({ call: 'info', status: info.status, balance: info.balance });
    if (info.status !== 'RS_OK') return `<p class="result" data-status="${info.status}">Wallet refused: ${info.status}</p>`;
    session.rounds += 1;
    const round = `fake-${session.id.slice(0, 8)}-${session.rounds}`;
    const transaction = { round, currency: session.currency, is_free: false, bet: null, meta: null };
    const bet = await walletCall('/transaction/bet', {
      ...base,
      ...transaction,
      transaction_uuid: `${round}-bet`,
      supplier_transaction_id: `sup-${round}-bet`,
      round_closed: false,
      amount: stake,
    });
    walletAnswers.push({ call: 'bet', status: bet.status, balance: bet.balance });
    if (bet.status !== 'RS_OK') return `<p class="result" data-status="${bet.status}">Bet refused: ${bet.status}</p>`;
    const winAmount = winOf(session.rounds, stake);
    const win = await walletCall('/transaction/win', {
      ...base,
      ...transaction,
      transaction_uuid: `${round}-win`,
      supplier_transaction_id: `sup-${round}-win`,
      reference_transaction_uuid: `${round}-bet`,
      round_closed: true,
      amount: winAmount,
    });
    walletAnswers.push({ call: 'win', status: win.status, balance: win.balance });
    return `<p class="result" data-status="${win.status}" data-round="${round}" data-stake="${units(stake)}" data-win="${units(winAmount)}" data-balance="${units(win.balance ?? 0)}">
      Round ${round}: stake ${units(stake)}, win ${units(winAmount)}, balance ${units(win.balance ?? 0)} ${escapeHtml(session.currency)} (${win.status})</p>`;
  }

  function gamePage(session: FakeSession, result: string | null): string {
    const game = options.games.find((item) => item.game_code === session.gameCode);
    return page(
      `${game?.name ?? session.gameCode} — FAKE Hub88`,
      `<p class="label">FAKE HUB88 AGGREGATOR (test double). Not a real game.</p>
      <h1>${escapeHtml(game?.name ?? session.gameCode)}</h1>
      <p>Studio ${escapeHtml(game?.product ?? '')} · stake ${units(stake)} ${escapeHtml(session.currency)}</p>
      <form method="post" action="/play/${session.id}"><button type="submit" id="play">Play</button></form>
      ${result ?? ''}
      ${session.lobbyUrl ? `<p><a id="lobby" href="${escapeHtml(session.lobbyUrl)}">Back to the casino</a></p>` : ''}`,
    );
  }

  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  base = `http://${options.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    calls,
    walletAnswers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function units(value: number): string {
  return (value / 100_000).toFixed(2);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, content: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title>
  <style>body{font-family:sans-serif;margin:2rem;background:#222;color:#eee}.label{background:#c00;color:#fff;padding:.3rem .6rem;display:inline-block}button{font-size:1.2rem;padding:.5rem 2rem}</style>
  </head><body>${content}</body></html>`;
}

/** Answers; null so a handler can `return send(...)`. */
function send(response: ServerResponse, status: number, type: string, body: string): null {
  response.writeHead(status, { 'content-type': `${type}; charset=utf-8` });
  response.end(body);
  return null;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > 1_000_000) request.destroy();
    });
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}
