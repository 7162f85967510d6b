import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { lotteryIssues } from '../../db/schema/house-games';
import type { TestApp } from '../../test/build-test-app';
import { createMember, TestClient, type TestMerchant } from '../../test/factories';
import { currentLotteryIssue, fundMember, placeSlip, useHouseGamesShop } from '../../test/house-games-test-kit';
import { resolvePlayAccounts } from './resolve-play-accounts';
import { settleLotteryDraw } from './settle-lottery-draw';

let t: TestApp;
let site: TestMerchant;
const start = new Date('2026-11-22T10:00:05Z');

useHouseGamesShop(
  (fixture) => {
    ({ t, shop: site } = fixture);
  },
  { lotteriesAt: start },
);

type TestSocket = Awaited<ReturnType<FastifyInstance['injectWS']>>;

function nextMessage(socket: TestSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()))));
}

async function connectedMember() {
  const client = new TestClient(t.app, site.host);
  const { member, password } = await createMember(t.app.db, site.merchant.id);
  const token = await client.login(member.username, password ?? '');
  const socket = await t.app.injectWS('/ws', { headers: { host: site.host } });
  const ready = nextMessage(socket);
  socket.send(JSON.stringify({ token }));
  expect(await ready).toEqual({ type: 'ready' });
  return { member, socket };
}

it('pushes the drawn result to ticket holders after the settlement commits, and not to other members', async () => {
  const issue = await currentLotteryIssue(t.app.db, 'ELOTT_3M', start);

  const holder = await connectedMember();
  const bystander = await connectedMember();
  await fundMember(t.app.db, site.merchant, holder.member.id, 10_000n);
  const accounts = await resolvePlayAccounts(t.app.db, site.merchant, holder.member);
  await placeSlip(
    t.app.db,
    site.merchant.id,
    { member: holder.member, accounts },
    {
      issueId: issue.id,
      // Two tickets, one push: holders are distinct members, not tickets.
      tickets: [
        { betType: 'SUM_SIZE', selection: 'BIG', amountMinor: 100n },
        { betType: 'SUM_SIZE', selection: 'SMALL', amountMinor: 100n },
      ],
      now: start,
    },
  );

  const pushed = nextMessage(holder.socket);
  const bystanderFirst = nextMessage(bystander.socket);
  expect((await settleLotteryDraw(t.app.db, { issueId: issue.id, now: issue.drawAt }, { realtime: t.app.realtime })).status).toBe(
    'settled',
  );
  const [drawn] = await t.app.db.select().from(lotteryIssues).where(eq(lotteryIssues.id, issue.id));
  expect(await pushed).toEqual({ type: 'lottery-result', gameCode: 'ELOTT_3M', issueId: String(issue.id), result: drawn?.result });

  // The bystander's first message is this marker, so the result never reached them.
  await t.app.realtime.publish({ merchantId: site.merchant.id, memberId: bystander.member.id, message: { type: 'marker' } });
  expect(await bystanderFirst).toEqual({ type: 'marker' });

  // A second settlement changes nothing and pushes nothing.
  const holderNext = nextMessage(holder.socket);
  expect((await settleLotteryDraw(t.app.db, { issueId: issue.id, now: issue.drawAt }, { realtime: t.app.realtime })).status).toBe(
    'already-settled',
  );
  await t.app.realtime.publish({ merchantId: site.merchant.id, memberId: holder.member.id, message: { type: 'marker' } });
  expect(await holderNext).toEqual({ type: 'marker' });

  holder.socket.terminate();
  bystander.socket.terminate();
});
