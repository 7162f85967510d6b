import { randomUUID } from 'node:crypto';
import { CHAT_GUEST_HEADER, LIVE_CHAT_PATHS, OPERATOR_LIVE_CHAT_PATHS } from '@kismat/contracts/live-chat';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { operators } from '../../db/schema/operators';
import { TestClient, uniqueIp, uniqueSuffix } from '../../test/factories';
import { hashPassword } from '../member/index';

/*
 * What the live-chat suites share: operators and their bearer, the room's calls as a member or a
 * guest, the console's calls, /ws sockets that collect what arrives, and multipart image bodies.
 */

export const OPERATOR_PASSWORD = 'Op3rator!pass';

type TestSocket = Awaited<ReturnType<FastifyInstance['injectWS']>>;
export interface CollectingSocket {
  socket: TestSocket;
  messages: Record<string, unknown>[];
  close(): void;
}

/** A /ws socket that sent `first` as its first message and collects every JSON message after. */
export async function openChatSocket(app: FastifyInstance, host: string, first: Record<string, unknown>): Promise<CollectingSocket> {
  const socket: TestSocket = await app.injectWS('/ws', { headers: { host } });
  const messages: Record<string, unknown>[] = [];
  socket.on('message', (data: Buffer) => {
    try {
      messages.push(JSON.parse(data.toString()));
    } catch {
      // pong
    }
  });
  socket.send(JSON.stringify(first));
  await expect.poll(() => messages.some((message) => message.type === 'ready' || message.type === 'error'), { timeout: 5000 }).toBe(true);
  return { socket, messages, close: () => socket.terminate() };
}

/** The chat messages (chat.message events) a socket received, as their bodies. */
export function chatBodies(socket: CollectingSocket): string[] {
  return socket.messages.filter((message) => message.type === 'chat.message').map((message) => (message.message as { body: string }).body);
}

/** An operator of `role` (scoped to `merchantId` when given), logged in: its username and bearer. */
export async function loginOperator(app: FastifyInstance, host: string, options: { merchantId?: number; role?: 'admin' | 'support' } = {}) {
  const username = `op${uniqueSuffix(8)}`;
  await app.db.insert(operators).values({
    username,
    passwordHash: await hashPassword(OPERATOR_PASSWORD),
    role: options.role ?? 'support',
    merchantId: options.merchantId ?? null,
  });
  const response = await new TestClient(app, host).call('POST', '/admin-api/session', {
    body: { username, password: OPERATOR_PASSWORD },
    ip: uniqueIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { username, token: response.json().value.token as string };
}

/** The console's calls as one operator on one merchant. */
export function consoleOf(app: FastifyInstance, host: string, token: string, code: string) {
  const client = new TestClient(app, host);
  const url = (path: string, id?: number) => path.replace(':code', code).replace(':id', String(id ?? ''));
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: { id?: number; body?: unknown; query?: Record<string, string> } = {},
  ) =>
    client.call(method, url(path, options.id), {
      headers: { authorization: `Bearer ${token}` },
      ...(options.body !== undefined ? { body: options.body } : {}),
      ...(options.query ? { query: options.query } : {}),
    });
  return {
    call,
    queue: (status = 'ACTIVE') => call('GET', OPERATOR_LIVE_CHAT_PATHS.conversations, { query: { status } }),
    messages: (id: number, after = 0) => call('GET', OPERATOR_LIVE_CHAT_PATHS.messages, { id, query: { after: String(after) } }),
    answer: (id: number, text: string, clientMessageId = randomUUID()) =>
      call('POST', OPERATOR_LIVE_CHAT_PATHS.messages, { id, body: { clientMessageId, text } }),
    take: (id: number) => call('POST', OPERATOR_LIVE_CHAT_PATHS.take, { id }),
    close: (id: number) => call('POST', OPERATOR_LIVE_CHAT_PATHS.close, { id }),
    transfer: (id: number, operator: string) => call('POST', OPERATOR_LIVE_CHAT_PATHS.transfer, { id, body: { operator } }),
  };
}

/** The room's calls as a member (bearer) or a guest (signed id). */
export function roomOf(app: FastifyInstance, host: string, who: { token: string } | { guest: string }, language = 'EN') {
  const client = new TestClient(app, host, language);
  const auth = 'token' in who ? { token: who.token } : { headers: { [CHAT_GUEST_HEADER]: who.guest } };
  return {
    send: (text: string, clientMessageId = randomUUID()) =>
      client.call('POST', LIVE_CHAT_PATHS.messages, { ...auth, body: { clientMessageId, text }, ip: uniqueIp() }),
    room: (after = 0) => client.call('GET', LIVE_CHAT_PATHS.conversation, { ...auth, query: { after: String(after) } }),
    read: (seq: number) => client.call('POST', LIVE_CHAT_PATHS.read, { ...auth, body: { seq } }),
    typing: () => client.call('POST', LIVE_CHAT_PATHS.typing, { ...auth }),
    image: (bytes: Buffer, filename: string, contentType: string, clientMessageId = randomUUID()) => {
      const body = multipartBody(bytes, filename, contentType);
      return client.call('POST', `${LIVE_CHAT_PATHS.images}?clientMessageId=${clientMessageId}`, {
        ...auth,
        headers: { ...('headers' in auth ? auth.headers : {}), 'content-type': body.contentType },
        body: body.payload,
      });
    },
  };
}

/** A multipart/form-data body with one file field named "file". */
export function multipartBody(bytes: Buffer, filename: string, contentType: string): { payload: Buffer; contentType: string } {
  const boundary = `----kismat${uniqueSuffix(12)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The smallest valid PNG (1x1). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
