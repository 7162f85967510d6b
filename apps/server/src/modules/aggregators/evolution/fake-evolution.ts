import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * FAKE EVOLUTION (tests and bench only; never registered in the app). A local HTTP server that
 * plays Evolution's side of a contract the way the published examples show it, because there is
 * no network here:
 *  - the User Authentication API (POST /ua/v1/{casinoKey}/{apiToken}) answering `entry` paths;
 *  - the Lobby state API (GET /api/lobby/v1/{casinoKey}/state, Basic auth) with a few tables of
 *    three studios;
 *  - the Game History API (GET /api/gamehistory/v1/casino/games) reporting the rounds its wallet
 *    driver played;
 * and a wallet driver (EvolutionWalletDriver) that sends One Wallet calls (check, balance, debit,
 * credit, cancel, promo_payout) to the casino's adapter in the protocol's exact shape, as
 * Evolution's game servers do. It is a fake of the outside world, nothing more.
 */

export interface FakeEvolutionTable {
  id: string;
  name: string;
  gameType: string;
  gameProvider: string;
  gameVertical: 'live' | 'rng';
  open: boolean;
}

export const FAKE_EVOLUTION_TABLES: readonly FakeEvolutionTable[] = [
  { id: 'vctlz20yfnmp1ylr', name: 'Roulette', gameType: 'roulette', gameProvider: 'evolution', gameVertical: 'live', open: true },
  { id: 'leqhceumaq6qfoug', name: 'Speed Baccarat A', gameType: 'baccarat', gameProvider: 'evolution', gameVertical: 'live', open: true },
  { id: 'CrazyTime0000001', name: 'Crazy Time', gameType: 'moneywheel', gameProvider: 'evolution', gameVertical: 'live', open: false },
  { id: 'starburst_sw', name: 'Starburst', gameType: 'slots', gameProvider: 'netent', gameVertical: 'rng', open: true },
  { id: 'rt_dragons_luck', name: "Dragon's Luck", gameType: 'slots', gameProvider: 'redtiger', gameVertical: 'rng', open: true },
];

/** A launch the fake accepted: what Evolution would remember of the UA call. */
export interface FakeEvolutionLaunch {
  userId: string;
  sid: string;
  currency: string;
  tableId: string;
  language: string;
  mobile: boolean;
}

/** A round the wallet driver played, for the Game History API. */
interface PlayedRound {
  id: string;
  tableId: string;
  userId: string;
  currency: string;
  bets: { transactionId: string; stake: number; payout: number }[];
  settledAt: string;
}

export class FakeEvolution {
  readonly launches: FakeEvolutionLaunch[] = [];
  readonly rounds: PlayedRound[] = [];
  private server: Server | null = null;
  private baseUrl = '';

  constructor(
    readonly casinoKey: string,
    private readonly apiToken: string,
  ) {}

  get url(): string {
    return this.baseUrl;
  }

  async start(): Promise<string> {
    const server = createServer((request, response) => {
      void this.handle(request, response).catch(() => send(response, 500, { errors: [{ code: 'G.0', message: 'internal' }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Records a round for the Game History API (the wallet driver calls it after a credit). */
  recordRound(round: PlayedRound): void {
    this.rounds.push(round);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const ua = /^\/ua\/v1\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'POST' && ua) {
      if (decodeURIComponent(ua[1] ?? '') !== this.casinoKey || decodeURIComponent(ua[2] ?? '') !== this.apiToken)
        return send(response, 401, { errors: [{ code: 'G.1', message: 'invalid casino key or API token' }] });
      const body = await readJson(request);
      const launch = launchOf(body);
      if (!launch) return send(response, 400, { errors: [{ code: 'G.2', message: 'invalid request body' }] });
      if (!FAKE_EVOLUTION_TABLES.some((table) => table.id === launch.tableId))
        return send(response, 400, { errors: [{ code: 'G.3', message: 'unknown table' }] });
      this.launches.push(launch);
      const params = Buffer.from(JSON.stringify({ table: launch.tableId, user: launch.userId })).toString('base64url');
      const session = randomUUID().replace(/-/g, '');
      return send(response, 200, {
        entry: `/entry?params=${params}&JSESSIONID=${session}`,
        entryEmbedded: `/entry?params=${params}&JSESSIONID=${session}&embedded`,
      });
    }
    if (request.method === 'GET' && !this.isBasicAuthorized(request)) return send(response, 401, { message: 'Unauthorized' });
    if (request.method === 'GET' && url.pathname === `/api/lobby/v1/${encodeURIComponent(this.casinoKey)}/state`) {
      const tables = Object.fromEntries(
        FAKE_EVOLUTION_TABLES.map((table) => [
          table.id,
          {
            name: table.name,
            gameType: table.gameType,
            gameTypeUnified: table.gameType,
            gameVertical: table.gameVertical,
            gameProvider: table.gameProvider,
            open: table.open,
            display: 'desktop-mobile',
            players: 12,
            videoSnapshot: {
              thumbnails: {
                S: `${this.baseUrl}/thumbnails/${table.id}/S.jpg`,
                M: `${this.baseUrl}/thumbnails/${table.id}/M.jpg`,
                L: `${this.baseUrl}/thumbnails/${table.id}/L.jpg`,
              },
            },
          },
        ]),
      );
      return send(response, 200, { tables });
    }
    if (request.method === 'GET' && url.pathname === '/api/gamehistory/v1/casino/games') {
      const from = Date.parse(url.searchParams.get('startDate') ?? '');
      const to = Date.parse(url.searchParams.get('endDate') ?? '');
      if (!Number.isFinite(from) || !Number.isFinite(to)) return send(response, 400, { message: 'startDate and endDate are required' });
      const rounds = this.rounds.filter((round) => {
        const at = Date.parse(round.settledAt);
        return at >= from && at < to;
      });
      const games = rounds.map((round) => ({
        id: round.id,
        gameType: FAKE_EVOLUTION_TABLES.find((table) => table.id === round.tableId)?.gameType ?? 'roulette',
        status: 'Resolved',
        settledAt: round.settledAt,
        table: { id: round.tableId, name: FAKE_EVOLUTION_TABLES.find((table) => table.id === round.tableId)?.name ?? round.tableId },
        participants: [
          {
            playerId: round.userId,
            currency: round.currency,
            bets: round.bets.map((bet) => ({ code: 'RT_Red', ...bet, placedOn: round.settledAt })),
          },
        ],
      }));
      return send(response, 200, { data: [{ date: new Date(from).toISOString().slice(0, 10), games }] });
    }
    return send(response, 404, { message: 'not found' });
  }

  private isBasicAuthorized(request: IncomingMessage): boolean {
    const expected = `Basic ${Buffer.from(`${this.casinoKey}:${this.apiToken}`).toString('base64')}`;
    return request.headers.authorization === expected;
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}

function launchOf(body: unknown): FakeEvolutionLaunch | null {
  const record = body as {
    uuid?: unknown;
    player?: { id?: unknown; currency?: unknown; language?: unknown; session?: { id?: unknown } };
    config?: { game?: { table?: { id?: unknown } }; channel?: { mobile?: unknown } };
  } | null;
  const player = record?.player;
  const tableId = record?.config?.game?.table?.id;
  if (typeof record?.uuid !== 'string' || typeof player?.id !== 'string' || typeof player.session?.id !== 'string') return null;
  if (typeof player.currency !== 'string' || typeof tableId !== 'string') return null;
  return {
    userId: player.id,
    sid: player.session.id,
    currency: player.currency,
    tableId,
    language: typeof player.language === 'string' ? player.language : 'en',
    mobile: record?.config?.channel?.mobile === true,
  };
}

/** How the driver reaches the casino's adapter: a call name, a JSON body and the authToken. */
export type EvolutionSend = (call: string, body: Record<string, unknown>, authToken: string) => Promise<Record<string, unknown>>;

/**
 * Evolution's game server as the casino's wallet sees it (FAKE): builds One Wallet bodies in the
 * published shape and sends them. One driver per player session (sid + userId); `sid` follows a
 * new sid handed back by check, as Evolution does.
 */
export class EvolutionWalletDriver {
  sid: string;

  constructor(
    private readonly send: EvolutionSend,
    private readonly authToken: string,
    readonly userId: string,
    sid: string,
    readonly currency: string,
    readonly tableId: string,
  ) {
    this.sid = sid;
  }

  private game(gameId: string) {
    return { id: gameId, type: 'roulette', details: { table: { id: this.tableId, vid: null } } };
  }

  async check(options: { sid?: string; userId?: string } = {}): Promise<Record<string, unknown>> {
    const answer = await this.send(
      'check',
      { sid: options.sid ?? this.sid, userId: options.userId ?? this.userId, channel: { type: 'P' }, uuid: randomUUID() },
      this.authToken,
    );
    if (answer.status === 'OK' && typeof answer.sid === 'string') this.sid = answer.sid;
    return answer;
  }

  balance(): Promise<Record<string, unknown>> {
    return this.send(
      'balance',
      { sid: this.sid, userId: this.userId, currency: this.currency, game: null, uuid: randomUUID() },
      this.authToken,
    );
  }

  /** debit, credit or cancel of `transaction` in game round `gameId`; `overrides` replace body fields. */
  transaction(
    call: 'debit' | 'credit' | 'cancel',
    transaction: { id: string; refId: string; amount: number },
    gameId: string,
    overrides: Record<string, unknown> = {},
    authToken = this.authToken,
  ): Promise<Record<string, unknown>> {
    return this.send(
      call,
      {
        sid: this.sid,
        userId: this.userId,
        currency: this.currency,
        game: this.game(gameId),
        transaction,
        uuid: randomUUID(),
        ...overrides,
      },
      authToken,
    );
  }

  promoPayout(promo: { type: string; id: string; amount: number; voucherId?: string }, overrides: Record<string, unknown> = {}) {
    return this.send(
      'promo_payout',
      {
        sid: this.sid,
        userId: this.userId,
        currency: this.currency,
        game: null,
        promoTransaction: promo,
        uuid: randomUUID(),
        ...overrides,
      },
      this.authToken,
    );
  }
}
