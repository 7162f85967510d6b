import { chatMessageResponse } from '@kismat/contracts/live-chat';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type Database, openPostgres } from '../../platform/db';
import { seedDatabase } from '../../seed/seed';
import { createTestDatabase } from '../../test/test-database';
import { createFundedMember, defaultMerchant } from '../../test/vendor-test-kit';
import { chatBodies, consoleOf, loginOperator, openChatSocket, roomOf } from './live-chat-test-kit';

/*
 * Two server processes' worth of apps on one database, each with its own pool and its own LISTEN
 * connection (DATABASE_URL set: the hub fans out through NOTIFY): the member's page on node A, the
 * operator's console on node B. Each side's message must reach the other live, and the seq
 * numbering must stay one sequence whichever node writes.
 */

const adminUrl = process.env.DATABASE_URL;
let database: Database | undefined;
const apps: { app: FastifyInstance; close(): Promise<void> }[] = [];

function databaseUrl(): string {
  const url = new URL(adminUrl ?? '');
  url.pathname = new URL(database?.location ?? '').pathname;
  return url.toString();
}

async function node(): Promise<FastifyInstance> {
  const url = databaseUrl();
  const pool = openPostgres({ url, poolMax: 4, connectTimeoutMs: 2000, statementTimeoutMs: 5000 });
  const app = await buildApp({ config: testConfig({ DATABASE_URL: url }), database: pool, serveWeb: false });
  await app.ready();
  apps.push({
    app,
    async close() {
      await app.close();
      await pool.close();
    },
  });
  return app;
}

beforeAll(async () => {
  if (!adminUrl) return;
  database = await createTestDatabase();
  await seedDatabase(database.db, { demo: false });
}, 60_000);

afterAll(async () => {
  for (const one of apps.reverse()) await one.close();
  await database?.close();
});

describe.skipIf(!adminUrl)('live chat across two server processes on one database', () => {
  it('member on node A and operator on node B see each other live, in one seq order', async () => {
    const nodeA = await node();
    const nodeB = await node();
    expect(nodeA.realtime.isDistributed && nodeB.realtime.isDistributed).toBe(true);
    const { host, merchant } = await defaultMerchant(nodeA);
    const alice = await createFundedMember(nodeA, 0n);
    const operator = await loginOperator(nodeB, host);
    const consoleSocket = await openChatSocket(nodeB, host, { operator: operator.token, merchant: merchant.code });
    const page = await openChatSocket(nodeA, host, { token: alice.token });
    const roomA = roomOf(nodeA, host, { token: alice.token });
    const roomB = roomOf(nodeB, host, { token: alice.token });
    const deskB = consoleOf(nodeB, host, operator.token, merchant.code);

    const first = chatMessageResponse.parse((await roomA.send('from node A')).json()).value;
    await expect.poll(() => chatBodies(consoleSocket), { timeout: 5000 }).toEqual(['from node A']);
    const id = first.conversation.id;
    expect((await deskB.answer(id, 'answer from node B')).statusCode).toBe(200);
    await expect.poll(() => chatBodies(page), { timeout: 5000 }).toEqual(['from node A', 'answer from node B']);
    // The same member writes through node B (another tab) while node A's answer goes in: one sequence.
    const both = await Promise.all([
      roomB.send('tab on node B'),
      consoleOf(nodeA, host, operator.token, merchant.code).answer(id, 'node A console'),
    ]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    const all = (await deskB.messages(id)).json().value.messages as { seq: number }[];
    expect(all.map((message) => message.seq)).toEqual([1, 2, 3, 4]);
    await expect.poll(() => chatBodies(page).length, { timeout: 5000 }).toBe(4);
    await expect.poll(() => chatBodies(consoleSocket).length, { timeout: 5000 }).toBe(4);
    page.close();
    consoleSocket.close();
  });
});
