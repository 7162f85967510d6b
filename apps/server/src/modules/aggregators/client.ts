import type { GameCategory } from '@kismat/contracts/constants';
import type { Language } from '@kismat/contracts/languages';

/*
 * The OUTGOING side of an aggregator contract (issue 21): what we ask the aggregator (its game
 * list, a game URL for a member, optionally its round report). Each protocol folder
 * (modules/aggregators/<protocol>/client.ts) implements AggregatorClient; the registry
 * (registry.ts) picks one by the integration's `protocol`. The inbound wallet calls are the
 * adapters' own routes (agg-core's wallet core), not this interface.
 */

export type AggregatorProtocol = 'hub88' | 'evolution';

/** One aggregator contract of a merchant: a row of aggregator_integrations as the clients see it. */
export interface AggregatorIntegration {
  id: number;
  merchantId: number;
  /** Our code for the contract (HUB88, EVOLUTION); prefixes the vendor codes of its studios. */
  code: string;
  protocol: AggregatorProtocol;
  name: string;
  isEnabled: boolean;
  /** The aggregator's API base URL, no trailing slash needed. */
  baseUrl: string;
  /** Our identifier at the aggregator (Hub88 operator_id, Evolution casino key). */
  operatorRef: string;
  /** The aggregator's PUBLIC key (PEM) or public id: verifies its calls to us. */
  inboundKey: string;
  /** NAME of the environment variable holding our secret (private key PEM / API token). Never the value. */
  secretEnv: string;
  /** Our currency -> the aggregator's currency code. */
  currencyMap: Record<string, string>;
  /** The aggregator's studio (supplier) codes we list; empty = none. */
  enabledStudios: string[];
  lastSyncedAt: Date | null;
}

/** A game as the aggregator lists it, already mapped to our vocabulary. */
export interface AggregatorGame {
  /** The aggregator's studio / supplier / product code (Hub88 `product`, Evolution table provider). */
  studioCode: string;
  /** The studio's display name. */
  studioName: string;
  /** The aggregator's game code: what game URL requests name; unique within the aggregator. */
  gameCode: string;
  name: string;
  /** The aggregator's own category text, kept for the operator screens. */
  aggregatorCategory: string;
  /** Our game type (catalogue category) the game is listed under. */
  gameType: GameCategory;
  /** Tile art (square) and wide art, absolute URLs; null when the aggregator gives none. */
  iconUrl: string | null;
  largeIconUrl: string | null;
  /** A live-dealer game (LIVE lane; a live lobby may switch tables inside one session). */
  isLive: boolean;
  /** The aggregator offers it now (false: our copy is disabled by the next sync). */
  isEnabled: boolean;
  /** A demo (fun money) launch is offered. */
  supportsDemo: boolean;
  supportsFreeBets: boolean;
  /** Layouts offered; empty = both. */
  platforms: AggregatorPlatform[];
}

export type AggregatorPlatform = 'desktop' | 'mobile';

/** What a launch asks the aggregator for: a URL that opens `gameCode` for this member. */
export interface GameUrlRequest {
  /** The member's id at the aggregator (we send our member id as text). */
  user: string;
  /** The aggregator's game code. */
  gameCode: string;
  /** Our multi-use game session token (agg-core's openAggregatorSession); omitted for demo. */
  token: string | null;
  language: Language;
  /** OUR currency (the client maps it through integration.currencyMap). */
  currency: string;
  platform: AggregatorPlatform;
  /** Where the game's "lobby"/"exit" button returns to. */
  lobbyUrl: string;
  /** Fun money (no wallet calls); Hub88 sends currency XXX. */
  isDemo: boolean;
  /** The player's IP and country when known (some aggregators require them). */
  ip?: string | undefined;
  country?: string | undefined;
}

export interface GameUrl {
  url: string;
}

/** One line of the aggregator's round/transaction report, in our vocabulary (reconciliation). */
export interface AggregatorReportLine {
  /** The aggregator's transaction id (our vendor transaction id for its wallet calls). */
  transactionId: string;
  roundId: string;
  gameCode: string;
  /** Our member id as we sent it as `user`. */
  user: string;
  kind: 'bet' | 'win' | 'rollback';
  /** Minor units of OUR currency (cents), as a bigint. */
  amountMinor: bigint;
  /** The aggregator's currency code as reported. */
  currency: string;
  at: Date | null;
}

export interface RoundReportRequest {
  from: Date;
  to: Date;
}

/** Everything a client needs from the process; tests hand in their own. */
export interface AggregatorClientDeps {
  /** Reads a secret by env var NAME (default: process.env). Never logged, never returned. */
  readSecret(envName: string): string | undefined;
  /** HTTP (default: global fetch). */
  fetch: typeof fetch;
  /** Per-request timeout (default 10 s). */
  timeoutMs: number;
}

/** The outgoing interface every adapter implements. */
export interface AggregatorClient {
  readonly protocol: AggregatorProtocol;
  /** The whole catalogue the aggregator offers us (all studios; sync filters enabled_studios). */
  listGames(integration: AggregatorIntegration): Promise<AggregatorGame[]>;
  /** A URL that opens the game for the member (real, with our token, or demo). */
  gameUrl(integration: AggregatorIntegration, request: GameUrlRequest): Promise<GameUrl>;
  /** The aggregator's report of transactions, when the protocol has a report API. */
  fetchRoundReport?(integration: AggregatorIntegration, request: RoundReportRequest): Promise<AggregatorReportLine[]>;
}

/**
 * Why a call to an aggregator failed. Launch maps every kind to GAME_UNAVAILABLE for the member;
 * the operator screens show the kind and the aggregator's status/message (never our secret).
 *  - NOT_CONFIGURED: the env var named by secret_env is unset/unusable, or no client for the protocol;
 *  - TIMEOUT: no answer within timeoutMs;  - UNREACHABLE: connection failed;
 *  - REFUSED: the aggregator answered an error (HTTP >= 400 or an error body);
 *  - BAD_ANSWER: the answer is not what the protocol publishes.
 */
export type AggregatorErrorKind = 'NOT_CONFIGURED' | 'TIMEOUT' | 'UNREACHABLE' | 'REFUSED' | 'BAD_ANSWER';

export class AggregatorError extends Error {
  readonly kind: AggregatorErrorKind;
  readonly httpStatus: number | null;
  constructor(kind: AggregatorErrorKind, message: string, httpStatus: number | null = null) {
    super(message);
    this.name = 'AggregatorError';
    this.kind = kind;
    this.httpStatus = httpStatus;
  }
}

export function defaultClientDeps(): AggregatorClientDeps {
  return { readSecret: (name) => process.env[name], fetch: (input, init) => fetch(input, init), timeoutMs: 10_000 };
}

/** Maps our currency through the contract's map (identity when not mapped). */
export function aggregatorCurrency(integration: AggregatorIntegration, currency: string): string {
  return integration.currencyMap[currency] ?? currency;
}

/**
 * POSTs JSON with a timeout; maps transport failures to AggregatorError. `headers` may carry
 * the signature. Answers the parsed JSON body of a 2xx answer.
 */
export async function postJson(deps: AggregatorClientDeps, url: string, body: string, headers: Record<string, string>): Promise<unknown> {
  let answer: Response;
  try {
    answer = await deps.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') throw new AggregatorError('TIMEOUT', `no answer within ${deps.timeoutMs} ms`);
    throw new AggregatorError('UNREACHABLE', error instanceof Error ? error.message : 'connection failed');
  }
  const text = await answer.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    if (answer.ok) throw new AggregatorError('BAD_ANSWER', 'answer is not JSON', answer.status);
  }
  if (!answer.ok) {
    const message = refusalMessage(parsed) ?? `HTTP ${answer.status}`;
    throw new AggregatorError('REFUSED', message, answer.status);
  }
  return parsed;
}

function refusalMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  for (const key of ['message', 'error', 'status', 'code']) {
    const value = record[key];
    if (typeof value === 'string' && value) return value.slice(0, 200);
  }
  return null;
}
