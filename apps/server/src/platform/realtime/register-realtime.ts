import fastifyWebsocket from '@fastify/websocket';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { members, sessions } from '../../db/schema/accounts';
import { hashToken } from '../auth';
import { ListenConnection } from './listen-connection';
import { REALTIME_CHANNEL, RealtimeHub, type RealtimeSocket } from './realtime-hub';

/**
 * What a socket that is not a member's proves in its first message (a visitor's signed chat id,
 * an operator's bearer): a module registers one with `app.realtimeAuthenticators.push` (the
 * platform never imports a module). Undefined: not this authenticator's message; null: refused.
 */
export type RealtimeAuthenticator = (input: {
  merchantId: number;
  first: Record<string, unknown>;
  socket: RealtimeSocket;
}) => Promise<{ topics: string[]; onClose?: () => void } | null | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
    realtimeAuthenticators: RealtimeAuthenticator[];
    /** Runs the periodic session re-check now (tests; the timer runs it every SESSION_RECHECK_MS). */
    recheckRealtimeSessions(): Promise<void>;
  }
}

const AUTH_TIMEOUT_MS = 10_000;
/**
 * How often each node re-checks the sessions of its open sockets. Revocations close sockets at
 * once through the NOTIFY fan-out; this catches what no notice announces (an idle session that
 * expired, a frozen account) and a notice lost while the listener reconnected.
 */
export const SESSION_RECHECK_MS = 15_000;

/**
 * One process without a server URL (embedded PGlite, or tests on a database handed in): member
 * messages stay in-process, but revocation notices are sent with pg_notify inside the revoking
 * transaction, so they are heard here too, after commit: PGlite's own LISTEN, or one pooled
 * connection kept for LISTEN (discarded from the pool and replaced when Postgres drops it).
 */
async function listenForRevocationsLocally(app: FastifyInstance, hub: RealtimeHub, onReconnected: () => void): Promise<void> {
  const client = (app.db as unknown as { $client: unknown }).$client;
  if (app.database.kind === 'pglite') {
    const pglite = client as { listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> };
    const unlisten = await pglite.listen(REALTIME_CHANNEL, (payload) => hub.handleNotice(payload));
    app.addHook('onClose', async () => unlisten().catch(() => undefined));
    return;
  }
  const pool = client as pg.Pool;
  const listener = new ListenConnection({
    name: 'realtime revocation listener',
    channels: [REALTIME_CHANNEL],
    log: app.log,
    onNotification: (_channel, payload) => hub.handleNotice(payload),
    onReconnected,
    async open() {
      const connection = await pool.connect();
      return { client: connection, discard: (error) => connection.release(error) };
    },
  });
  await listener.start();
  app.addHook('onClose', async () => listener.stop());
}

/**
 * The /ws endpoint and the hub behind it. A browser cannot set an Authorization header on a
 * WebSocket, so the session token comes as `?token=` or as the first message `{ "token": ... }`;
 * the socket then receives that member's messages until it closes or the session ends: a
 * revocation closes it at once on every node (the `{ revoke }` notice revoke-sessions.ts sends
 * in the revoking transaction), and a periodic re-check closes what expired.
 */
export async function registerRealtime(app: FastifyInstance): Promise<void> {
  const hub = new RealtimeHub(app.log);
  app.decorate('realtime', hub);
  const authenticators: RealtimeAuthenticator[] = [];
  app.decorate('realtimeAuthenticators', authenticators);
  // Revocation notices sent while a dropped listener was reconnecting were missed: re-check now
  // rather than leave those sockets open until the next periodic re-check.
  const catchUpAfterReconnect = () => {
    recheckSessions().catch((error: unknown) => app.log.warn({ err: error }, 'realtime: session re-check after a reconnect failed'));
  };
  // Only Postgres servers fan out; PGlite is one process, where in-process delivery is complete.
  await hub.start(app.database.kind === 'postgres' ? app.config.DATABASE_URL : undefined, { onReconnected: catchUpAfterReconnect });
  app.addHook('onClose', async () => hub.stop());
  if (!hub.isDistributed) await listenForRevocationsLocally(app, hub, catchUpAfterReconnect);
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });

  async function sessionOfToken(merchantId: number, token: string): Promise<{ memberId: number; sessionId: number } | null> {
    if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) return null;
    const rows = await app.db
      .select({
        sessionId: sessions.id,
        memberId: sessions.memberId,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        status: members.status,
      })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.merchantId, merchantId)))
      .limit(1);
    const row = rows[0];
    if (!row || row.revokedAt || row.expiresAt <= app.now() || row.status !== 'ACTIVE') return null;
    return { memberId: row.memberId, sessionId: row.sessionId };
  }

  /** Closes the sockets whose session was revoked, expired or whose member was frozen meanwhile. */
  async function recheckSessions(): Promise<void> {
    const ids = hub.openSessionIds();
    if (ids.length === 0) return;
    const valid = await app.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.expiresAt, app.now()), eq(members.status, 'ACTIVE')));
    hub.closeSessionsNotIn(new Set(valid.map((row) => row.id)));
  }
  const recheck = setInterval(() => {
    recheckSessions().catch((error: unknown) => app.log.warn({ err: error }, 'realtime: session re-check failed'));
  }, SESSION_RECHECK_MS);
  recheck.unref();
  app.addHook('onClose', async () => clearInterval(recheck));
  app.decorate('recheckRealtimeSessions', recheckSessions);

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const merchantId = request.merchant.id;
    let unsubscribe: (() => void) | null = null;
    const attach = async (token: string) => {
      const session = await sessionOfToken(merchantId, token);
      if (session === null) {
        socket.send(JSON.stringify({ type: 'error', code: 'AUTH_REQUIRED' }));
        socket.close(4401, 'auth');
        return;
      }
      unsubscribe = hub.subscribe(session.memberId, socket, session.sessionId);
      socket.send(JSON.stringify({ type: 'ready' }));
    };
    // The session lookup rejects when the database is unreachable; a rejection nobody handles
    // ends the Node process, so one /ws attempt during an outage took the server down (issue 11,
    // finding 2). The socket closes as a server error (1011) and the browser retries later.
    // Logged without the token: the driver's error only, since the query wrapper's text lists
    // its parameters.
    // A socket of someone other than a member: the first authenticator that knows the message decides.
    const attachOther = async (first: Record<string, unknown>) => {
      for (const authenticator of authenticators) {
        const accepted = await authenticator({ merchantId, first, socket });
        if (accepted === undefined) continue;
        if (accepted === null) break;
        const removers = accepted.topics.map((topic) => hub.subscribeTopic(topic, socket));
        unsubscribe = () => {
          for (const remove of removers) remove();
          accepted.onClose?.();
        };
        socket.send(JSON.stringify({ type: 'ready' }));
        return;
      }
      socket.send(JSON.stringify({ type: 'error', code: 'AUTH_REQUIRED' }));
      socket.close(4401, 'auth');
    };
    const authenticate = (token: string | Record<string, unknown>) => {
      (typeof token === 'string' ? attach(token) : attachOther(token)).catch((error: unknown) => {
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
        request.log.warn({ err: cause }, 'realtime: /ws authentication failed');
        socket.close(1011, 'unavailable');
      });
    };
    const timer = setTimeout(() => {
      if (!unsubscribe) socket.close(4401, 'auth');
    }, AUTH_TIMEOUT_MS);
    socket.on('close', () => {
      clearTimeout(timer);
      unsubscribe?.();
    });
    socket.on('message', (raw: Buffer) => {
      if (unsubscribe) {
        if (raw.toString() === 'ping') socket.send('pong');
        return;
      }
      try {
        const parsed = JSON.parse(raw.toString()) as { token?: unknown } | null;
        if (typeof parsed?.token === 'string') authenticate(parsed.token);
        else if (parsed && typeof parsed === 'object') authenticate(parsed as Record<string, unknown>);
      } catch {
        socket.close(4400, 'bad message');
      }
    });
    const query = request.query as { token?: unknown };
    if (typeof query.token === 'string') authenticate(query.token);
  });
}
