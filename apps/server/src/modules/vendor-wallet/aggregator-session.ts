import { eq, sql } from 'drizzle-orm';
import type { MemberStatus } from '../../db/schema/accounts';
import { aggregatorSessions } from '../../db/schema/aggregator-play';
import { generateToken, hashToken } from '../../platform/auth';
import { BatchedReader, readerPerDatabase } from '../../platform/batched-reader';
import type { DbOrTx } from '../../platform/db';
import { rowsOf, toNumber } from '../../platform/sql-values';
import { thirdPartyGamesRelation } from '../catalogue/index';
import { memberStatusRelation } from '../member/index';
import { promotionMaxBetSql } from '../promotions/index';
import { ensureMemberAccounts } from '../wallet/index';
import type { VendorSession } from './find-vendor-session';
import type { VendorIntegration } from './vendor-directory';
import { VendorError } from './vendor-error';

/*
 * Aggregator game sessions (issue 21). Unlike /vendor-api/v1 (a single-use launch token swapped
 * for a session id), an aggregator holds ONE token for the whole game session: it names the
 * player on every call, late wins and rollbacks included. Expiry stops NEW bets only (a win or a
 * rollback after it settles what was staked before). A live lobby may switch games inside the
 * session: each call names its game, which must be a third-party catalogue game with that code.
 *
 * Attacks this file stops: a token of one contract (merchant) used by another contract's signed
 * calls (cross-merchant use: the session row names its integration, compared on every call);
 * a token guessed (256 random bits, stored only as SHA-256); a call for another member than the
 * token's (`user` compared); bets after the player was disabled or the session expired.
 */

/** Default session length (new bets): an aggregator's game session, slid forward by each bet. */
export const AGGREGATOR_SESSION_MS = 4 * 60 * 60_000;
/** Sliding costs a write; at most once per 5 minutes of play. */
const SLIDE_AFTER_MS = 5 * 60_000;

/** The aggregator contract a call came under (a row of aggregator_integrations). */
export interface AggregatorContract {
  /** aggregator_integrations.id */
  id: number;
  merchantId: number;
  /** Our code for the contract, e.g. HUB88: the ledger key prefix and the VENDOR_CLEARING subkey. */
  code: string;
  protocol: string;
  isEnabled: boolean;
}

export interface OpenAggregatorSessionInput {
  contract: AggregatorContract;
  memberId: number;
  gameId: number;
  /** The member's currency (the merchant's). */
  currency: string;
  /** MEMBER_CASH by default (opened if missing); launch passes MEMBER_TRIAL for fun mode with isTrial. */
  cashAccountId?: number;
  isTrial?: boolean;
  now: Date;
  /** How long new bets are taken without play (slid forward by bets); AGGREGATOR_SESSION_MS by default. */
  ttlMs?: number;
}

export interface OpenedAggregatorSession {
  /** The multi-use token handed to the aggregator (game URL request); shown once, stored hashed. */
  token: string;
  sessionId: number;
  /** The user id the aggregator will send back (`user`): our member id as text. */
  user: string;
  currency: string;
  expiresAt: Date;
}

/** Opens a game session for a member and game under one aggregator contract. */
export async function openAggregatorSession(db: DbOrTx, input: OpenAggregatorSessionInput): Promise<OpenedAggregatorSession> {
  const token = generateToken();
  const cashAccountId =
    input.cashAccountId ??
    (await ensureMemberAccounts(db, { merchantId: input.contract.merchantId, memberId: input.memberId, currency: input.currency })).cash.id;
  const expiresAt = new Date(input.now.getTime() + (input.ttlMs ?? AGGREGATOR_SESSION_MS));
  const [row] = await db
    .insert(aggregatorSessions)
    .values({
      integrationId: input.contract.id,
      merchantId: input.contract.merchantId,
      memberId: input.memberId,
      tokenHash: hashToken(token),
      gameId: input.gameId,
      currency: input.currency,
      cashAccountId,
      isTrial: input.isTrial ?? false,
      expiresAt,
      createdAt: input.now,
    })
    .returning({ id: aggregatorSessions.id });
  if (!row) throw new Error('aggregator session not stored');
  return { token, sessionId: row.id, user: String(input.memberId), currency: input.currency, expiresAt };
}

/** A session as the core checks it: the token's row with the member's status and the game now played. */
export interface AggregatorSession {
  sessionId: number;
  integrationId: number;
  merchantId: number;
  memberId: number;
  user: string;
  currency: string;
  cashAccountId: number;
  isTrial: boolean;
  expiresAt: Date;
  memberStatus: MemberStatus;
  promotionMaxBet: string | null;
  /** The session's current game (the launch's, or the last one a bet named). */
  game: AggregatorGame;
}

export interface AggregatorGame {
  id: number;
  code: string;
  category: string;
  vendorId: number;
}

const member = sql.raw('m');
const game = sql.raw('g');

function buildSessionQuery(db: DbOrTx) {
  return db
    .select({
      tokenHash: aggregatorSessions.tokenHash,
      sessionId: aggregatorSessions.id,
      integrationId: aggregatorSessions.integrationId,
      merchantId: aggregatorSessions.merchantId,
      memberId: aggregatorSessions.memberId,
      currency: aggregatorSessions.currency,
      cashAccountId: aggregatorSessions.cashAccountId,
      isTrial: aggregatorSessions.isTrial,
      expiresAt: aggregatorSessions.expiresAt,
      memberStatus: sql<MemberStatus>`${member}.status`,
      promotionMaxBet: promotionMaxBetSql(aggregatorSessions.memberId),
      gameId: sql<number>`${game}.id`,
      gameCode: sql<string>`${game}.game_code`,
      gameCategory: sql<string>`${game}.category`,
      vendorId: sql<number>`${game}.vendor_id`,
    })
    .from(aggregatorSessions)
    .innerJoin(sql`${memberStatusRelation()} AS ${member}`, sql`${member}.id = ${aggregatorSessions.memberId}`)
    .innerJoin(sql`${thirdPartyGamesRelation()} AS ${game}`, sql`${game}.id = ${aggregatorSessions.gameId}`)
    .where(sql`${aggregatorSessions.tokenHash} IN (SELECT jsonb_array_elements_text(${sql.placeholder('hashes')}::jsonb))`)
    .prepare('aggregator_find_sessions');
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof buildSessionQuery>['execute']>>[number];

/**
 * The session reads of calls arriving together share one statement (platform/batched-reader.ts),
 * as /vendor-api/v1's session reads do (find-vendor-session.ts). Only the read is shared; each
 * call checks its own row.
 */
const sessionReaderOf = readerPerDatabase((db) => {
  const query = buildSessionQuery(db);
  return new BatchedReader<SessionRow>(
    (hashes) => query.execute({ hashes }),
    (row) => row.tokenHash,
  );
});

/** The session a token names, or null: one shared statement (session, member status, game, promotion max bet). */
async function readSession(db: DbOrTx, tokenHash: string): Promise<AggregatorSession | null> {
  const row = await sessionReaderOf(db).read(tokenHash);
  if (!row) return null;
  return {
    sessionId: row.sessionId,
    integrationId: row.integrationId,
    merchantId: row.merchantId,
    memberId: row.memberId,
    user: String(row.memberId),
    currency: row.currency,
    cashAccountId: row.cashAccountId,
    isTrial: row.isTrial,
    expiresAt: row.expiresAt,
    memberStatus: row.memberStatus,
    promotionMaxBet: row.promotionMaxBet,
    game: { id: row.gameId, code: row.gameCode, category: String(row.gameCategory), vendorId: row.vendorId },
  };
}

/** A third-party game by its code (a lobby switch): the session's studio first, then any other. House games never. */
async function findGameByCode(db: DbOrTx, code: string, preferVendorId: number): Promise<AggregatorGame | null> {
  const rows = rowsOf<{ id: unknown; vendor_id: unknown; game_code: unknown; category: unknown }>(
    await db.execute(sql`SELECT id, vendor_id, game_code, category FROM ${thirdPartyGamesRelation()} AS g
      WHERE g.game_code = ${code}::text ORDER BY (g.vendor_id = ${preferVendorId}::integer) DESC, g.id LIMIT 1`),
  );
  const row = rows[0];
  return row
    ? { id: toNumber(row.id), vendorId: toNumber(row.vendor_id), code: String(row.game_code), category: String(row.category) }
    : null;
}

export interface ResolveAggregatorSessionInput {
  contract: AggregatorContract;
  token: string;
  /** The user the call names; compared with the token's member when given. */
  user?: string | undefined;
  /** The game the call names; another than the session's is a lobby switch. */
  gameCode?: string | undefined;
  /** A new bet: the member must be active and the session not expired (slid forward). */
  forBet: boolean;
  now: Date;
}

/**
 * The session a call's token names, checked for its contract, user and (for bets) liveness;
 * with the game the call names. Throws VendorError (RS_ERROR_INVALID_TOKEN, RS_ERROR_TOKEN_EXPIRED,
 * RS_ERROR_USER_DISABLED, RS_ERROR_INVALID_GAME); the core turns it into its result codes.
 */
export async function resolveSession(db: DbOrTx, input: ResolveAggregatorSessionInput): Promise<AggregatorSession> {
  const session = await readSession(db, hashToken(input.token));
  // Another contract's token (another merchant's, or another aggregator's): as unknown.
  if (!session || session.integrationId !== input.contract.id || session.merchantId !== input.contract.merchantId)
    throw new VendorError('RS_ERROR_INVALID_TOKEN');
  if (input.user !== undefined && input.user !== session.user) throw new VendorError('RS_ERROR_INVALID_TOKEN');
  if (input.forBet) {
    if (session.memberStatus !== 'ACTIVE') throw new VendorError('RS_ERROR_USER_DISABLED');
    if (session.expiresAt.getTime() <= input.now.getTime()) throw new VendorError('RS_ERROR_TOKEN_EXPIRED');
  }
  if (input.gameCode !== undefined && input.gameCode !== session.game.code) {
    const game = await findGameByCode(db, input.gameCode, session.game.vendorId);
    if (!game) throw new VendorError('RS_ERROR_INVALID_GAME');
    session.game = game;
    // The lobby's current game follows its bets (balance and info calls without a game name it).
    if (input.forBet) await db.update(aggregatorSessions).set({ gameId: game.id }).where(eq(aggregatorSessions.id, session.sessionId));
  }
  if (input.forBet && session.expiresAt.getTime() - input.now.getTime() < AGGREGATOR_SESSION_MS - SLIDE_AFTER_MS) {
    const expiresAt = new Date(input.now.getTime() + AGGREGATOR_SESSION_MS);
    // Never back: a longer session opened by launch keeps its end.
    await db
      .update(aggregatorSessions)
      .set({ expiresAt: sql`greatest(${aggregatorSessions.expiresAt}, ${expiresAt.toISOString()}::timestamptz)` })
      .where(eq(aggregatorSessions.id, session.sessionId));
  }
  return session;
}

/** The session as the vendor wallet's engines take it (bets, wins and rollbacks of this call's game). */
export function vendorSessionOf(session: AggregatorSession): VendorSession {
  return {
    launchId: session.sessionId,
    merchantId: session.merchantId,
    memberId: session.memberId,
    gameId: session.game.id,
    gameCode: session.game.code,
    gameType: session.game.category,
    cashAccountId: session.cashAccountId,
    currency: session.currency,
    sessionExpiresAt: session.expiresAt,
    isTrial: session.isTrial,
    promotionMaxBet: session.promotionMaxBet,
  };
}

/**
 * The "vendor" the engines key a call under: the game's studio (vendor_transactions and
 * game_rounds are unique per studio), with the contract's code for the ledger's idempotency
 * key (`vendor:<code>:<transaction>`) and the VENDOR_CLEARING:<code> account the money moves
 * against, so what we owe the aggregator sits in one account per contract.
 */
export function engineVendorOf(contract: AggregatorContract, game: AggregatorGame): VendorIntegration {
  return {
    vendorId: game.vendorId,
    code: contract.code,
    name: contract.code,
    status: 'ACTIVE',
    isHouse: false,
    apiSecret: '',
    launchUrl: '',
    launchMode: 'iframe',
    isDemo: false,
  };
}
