import fastifyWebsocket from '@fastify/websocket';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { members, sessions } from '../../db/schema/accounts';
import { hashToken } from '../auth';
import { RealtimeHub } from './realtime-hub';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

const AUTH_TIMEOUT_MS = 10_000;

/**
 * The /ws endpoint and the hub behind it. A browser cannot set an Authorization header on a
 * WebSocket, so the session token comes as `?token=` or as the first message `{ "token": ... }`;
 * the socket then receives that member's messages until it closes or the session ends.
 */
export async function registerRealtime(app: FastifyInstance): Promise<void> {
  const hub = new RealtimeHub(app.log);
  app.decorate('realtime', hub);
  // Only Postgres servers fan out; PGlite is one process, where in-process delivery is complete.
  await hub.start(app.database.kind === 'postgres' ? app.config.DATABASE_URL : undefined);
  app.addHook('onClose', async () => hub.stop());
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });

  async function memberOfToken(merchantId: number, token: string): Promise<number | null> {
    if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) return null;
    const rows = await app.db
      .select({ memberId: sessions.memberId, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt, status: members.status })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.merchantId, merchantId)))
      .limit(1);
    const row = rows[0];
    if (!row || row.revokedAt || row.expiresAt <= app.now() || row.status !== 'ACTIVE') return null;
    return row.memberId;
  }

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const merchantId = request.merchant.id;
    let unsubscribe: (() => void) | null = null;
    const attach = async (token: string) => {
      const memberId = await memberOfToken(merchantId, token);
      if (memberId === null) {
        socket.send(JSON.stringify({ type: 'error', code: 'AUTH_REQUIRED' }));
        socket.close(4401, 'auth');
        return;
      }
      unsubscribe = hub.subscribe(memberId, socket);
      socket.send(JSON.stringify({ type: 'ready' }));
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
        const parsed = JSON.parse(raw.toString()) as { token?: unknown };
        if (typeof parsed.token === 'string') void attach(parsed.token);
      } catch {
        socket.close(4400, 'bad message');
      }
    });
    const query = request.query as { token?: unknown };
    if (typeof query.token === 'string') void attach(query.token);
  });
}
