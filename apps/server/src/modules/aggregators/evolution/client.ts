import { randomUUID } from 'node:crypto';
import { tryParseAmount } from '@kismat/contracts/wallet';
import { z } from 'zod';
import {
  type AggregatorClient,
  type AggregatorClientDeps,
  AggregatorError,
  type AggregatorGame,
  type AggregatorIntegration,
  type AggregatorReportLine,
  aggregatorCurrency,
  defaultClientDeps,
  type GameUrl,
  type GameUrlRequest,
  postJson,
  type RoundReportRequest,
} from '../client';
import { evolutionApiToken } from './secrets';

/*
 * The OUTGOING side of an Evolution contract, speaking Evolution's published casino APIs:
 *  - launch: the User Authentication API, POST {base}/ua/v1/{casinoKey}/{apiToken}, answers
 *    `{ entry, entryEmbedded }` (paths on the Evolution host) that open the game for the player;
 *    `player.session.id` is our multi-use game session (Evolution sends it back as `sid`);
 *  - game list: the Lobby (state) API, GET {base}/api/lobby/v1/{casinoKey}/state, HTTP Basic
 *    `casinoKey:apiToken`, answers `{ tables: { <tableId>: { name, gameType, gameProvider, open,
 *    display, videoSnapshot.thumbnails } } }`; a table is a game, its provider a studio;
 *  - report: the Game History API, GET {base}/api/gamehistory/v1/casino/games?startDate&endDate
 *    (Basic auth), answers `{ data: [{ date, games: [{ id, table, participants: [{ playerId,
 *    currency, bets: [{ transactionId, stake, payout }] }] }] }] }`.
 * Our casino key is the integration's operator_ref; the API token is read from the env var
 * `<secret_env>_API_TOKEN` (secrets.ts) and never logged or returned.
 */

const uaAnswer = z.object({ entry: z.string().min(1), entryEmbedded: z.string().optional() });

const lobbyTable = z.object({
  name: z.string().min(1),
  gameType: z.string().default(''),
  gameTypeUnified: z.string().optional(),
  gameVertical: z.string().optional(),
  gameProvider: z.string().optional(),
  open: z.boolean().default(true),
  display: z.string().optional(),
  videoSnapshot: z
    .object({ thumbnails: z.record(z.string(), z.string()).optional() })
    .partial()
    .optional(),
});
const lobbyAnswer = z.object({ tables: z.record(z.string(), lobbyTable) });

const historyBet = z.object({
  code: z.string().optional(),
  transactionId: z.string().optional(),
  stake: z.number(),
  payout: z.number(),
  placedOn: z.string().optional(),
});
const historyAnswer = z.object({
  data: z.array(
    z.object({
      date: z.string().optional(),
      games: z.array(
        z.object({
          id: z.string(),
          gameType: z.string().optional(),
          status: z.string().optional(),
          settledAt: z.string().nullish(),
          table: z.object({ id: z.string(), name: z.string().optional() }),
          participants: z.array(z.object({ playerId: z.string(), currency: z.string(), bets: z.array(historyBet) })),
        }),
      ),
    }),
  ),
});

/** Provider codes of the studios Evolution distributes, and their display names. */
const STUDIO_NAMES: Record<string, string> = {
  evolution: 'Evolution',
  ezugi: 'Ezugi',
  netent: 'NetEnt',
  redtiger: 'Red Tiger',
  btg: 'Big Time Gaming',
  nlc: 'Nolimit City',
};

/** Evolution's languages for ours (UA `player.language`, ISO 639-1). */
const LANGUAGE_CODES = { BN: 'bn', EN: 'en', SW: 'sw' } as const;

export class EvolutionClient implements AggregatorClient {
  readonly protocol = 'evolution' as const;
  private readonly deps: AggregatorClientDeps;

  constructor(deps: Partial<AggregatorClientDeps> = {}) {
    this.deps = { ...defaultClientDeps(), ...deps };
  }

  async listGames(integration: AggregatorIntegration): Promise<AggregatorGame[]> {
    const body = await this.getJson(integration, `/api/lobby/v1/${encodeURIComponent(integration.operatorRef)}/state`);
    const parsed = lobbyAnswer.safeParse(body);
    if (!parsed.success) throw new AggregatorError('BAD_ANSWER', 'lobby state: no tables');
    return Object.entries(parsed.data.tables).map(([tableId, table]) => gameOfTable(tableId, table));
  }

  async gameUrl(integration: AggregatorIntegration, request: GameUrlRequest): Promise<GameUrl> {
    // Evolution's live tables have no fun-money mode: a demo launch is refused, never faked.
    if (request.isDemo || !request.token) throw new AggregatorError('REFUSED', 'Evolution offers no demo play');
    const apiToken = this.apiToken(integration);
    const casinoKey = encodeURIComponent(integration.operatorRef);
    const body = JSON.stringify({
      uuid: randomUUID(),
      player: {
        id: request.user,
        update: true,
        // We never hand a member's name to the aggregator: the nickname is the member id.
        firstName: request.user,
        lastName: request.user,
        nickname: request.user,
        country: request.country ?? 'BD',
        language: LANGUAGE_CODES[request.language],
        currency: aggregatorCurrency(integration, request.currency),
        session: { id: request.token, ip: request.ip ?? '127.0.0.1' },
      },
      config: {
        game: { table: { id: request.gameCode } },
        channel: { wrapped: false, mobile: request.platform === 'mobile' },
        urls: { lobby: request.lobbyUrl },
      },
    });
    const answer = await postJson(this.deps, `${baseOf(integration)}/ua/v1/${casinoKey}/${encodeURIComponent(apiToken)}`, body, {});
    const parsed = uaAnswer.safeParse(answer);
    if (!parsed.success) throw new AggregatorError('BAD_ANSWER', 'user authentication: no entry');
    return { url: absoluteUrl(integration, parsed.data.entry) };
  }

  async fetchRoundReport(integration: AggregatorIntegration, request: RoundReportRequest): Promise<AggregatorReportLine[]> {
    const query = new URLSearchParams({ startDate: request.from.toISOString(), endDate: request.to.toISOString() });
    const body = await this.getJson(integration, `/api/gamehistory/v1/casino/games?${query}`);
    const parsed = historyAnswer.safeParse(body);
    if (!parsed.success) throw new AggregatorError('BAD_ANSWER', 'game history: not the published shape');
    const lines: AggregatorReportLine[] = [];
    for (const day of parsed.data.data) {
      for (const game of day.games) {
        const at = game.settledAt ? new Date(game.settledAt) : null;
        for (const participant of game.participants) {
          for (const [index, bet] of participant.bets.entries()) {
            const transactionId = bet.transactionId ?? `${game.id}:${participant.playerId}:${index}`;
            const common = { roundId: game.id, gameCode: game.table.id, user: participant.playerId, currency: participant.currency, at };
            lines.push({ ...common, transactionId, kind: 'bet', amountMinor: decimalToMinor(bet.stake) });
            if (bet.payout > 0)
              lines.push({ ...common, transactionId: `${transactionId}:payout`, kind: 'win', amountMinor: decimalToMinor(bet.payout) });
          }
        }
      }
    }
    return lines;
  }

  private apiToken(integration: AggregatorIntegration): string {
    const token = evolutionApiToken(integration, this.deps.readSecret);
    if (!token) throw new AggregatorError('NOT_CONFIGURED', `the API token (env ${integration.secretEnv}_API_TOKEN) is not set`);
    return token;
  }

  /** GET with the APIs' Basic auth (casino key : API token) and the deps' timeout. */
  private async getJson(integration: AggregatorIntegration, path: string): Promise<unknown> {
    const credentials = Buffer.from(`${integration.operatorRef}:${this.apiToken(integration)}`).toString('base64');
    let answer: Response;
    try {
      answer = await this.deps.fetch(`${baseOf(integration)}${path}`, {
        method: 'GET',
        headers: { accept: 'application/json', authorization: `Basic ${credentials}` },
        signal: AbortSignal.timeout(this.deps.timeoutMs),
      });
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new AggregatorError('TIMEOUT', `no answer within ${this.deps.timeoutMs} ms`);
      throw new AggregatorError('UNREACHABLE', error instanceof Error ? error.message : 'connection failed');
    }
    const text = await answer.text();
    if (!answer.ok) throw new AggregatorError('REFUSED', `HTTP ${answer.status}`, answer.status);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new AggregatorError('BAD_ANSWER', 'answer is not JSON', answer.status);
    }
  }
}

/** The registry's factory (registry.ts). */
export function createEvolutionClient(deps: AggregatorClientDeps): AggregatorClient {
  return new EvolutionClient(deps);
}

function baseOf(integration: AggregatorIntegration): string {
  return integration.baseUrl.replace(/\/+$/, '');
}

/** UA answers a path on the Evolution host ("/entry?params=…"); an absolute URL is kept as is. */
function absoluteUrl(integration: AggregatorIntegration, entry: string): string {
  return /^https?:\/\//.test(entry) ? entry : `${baseOf(integration)}${entry.startsWith('/') ? '' : '/'}${entry}`;
}

function gameOfTable(tableId: string, table: z.infer<typeof lobbyTable>): AggregatorGame {
  const provider = (table.gameProvider ?? 'evolution').toLowerCase();
  // Our vendor codes are <integration code>_<studio code> in upper case (catalogue sync).
  const studioCode = provider.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
  const vertical = (table.gameVertical ?? 'live').toLowerCase();
  const isLive = vertical === 'live';
  const thumbnails = table.videoSnapshot?.thumbnails ?? {};
  const display = (table.display ?? '').toLowerCase();
  const platforms: AggregatorGame['platforms'] = display === 'desktop' ? ['desktop'] : display === 'mobile' ? ['mobile'] : [];
  return {
    studioCode,
    studioName: STUDIO_NAMES[provider] ?? table.gameProvider ?? provider,
    gameCode: tableId,
    name: table.name,
    aggregatorCategory: table.gameTypeUnified ?? table.gameType,
    gameType: isLive ? 'LIVE' : 'RNG',
    iconUrl: thumbnails.M ?? thumbnails.S ?? null,
    largeIconUrl: thumbnails.L ?? thumbnails.XL ?? null,
    isLive,
    isEnabled: table.open,
    supportsDemo: false,
    supportsFreeBets: !isLive,
    platforms,
  };
}

/** A report's decimal to minor units; a figure our ledger cannot hold exactly is a bad answer, never rounded. */
function decimalToMinor(value: number): bigint {
  const parsed = tryParseAmount(value, { allowZero: true });
  if (!parsed.ok) throw new AggregatorError('BAD_ANSWER', `game history: amount ${value} (${parsed.reason})`);
  return parsed.value;
}
