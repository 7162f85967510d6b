import { AGENT_PATHS } from '@kismat/contracts/agent';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { formatAmount } from '@kismat/contracts/wallet';
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerTransfers } from '../../db/schema/ledger';
import type { MemberRow } from '../../platform/auth';
import type { Merchant } from '../../platform/merchant';
import { giveContract, playRound, tier } from '../../test/agent-test-fixture';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestClient, uniqueIp, uniqueSuffix } from '../../test/factories';
import { useShop } from '../../test/shop-fixture';
import { getMemberBalances } from '../wallet/get-member-balances';
import { verifyLedger } from '../wallet/verify-ledger';
import { periodContaining } from './contract-periods';
import { settleContracts } from './settle-contracts';

/* Earnings to wallet over HTTP: an agent paid a daily salary by the platform moves it to its cash wallet. */

let t: TestApp;
let merchant: Merchant;
let client: TestClient;
const NOON = new Date('2025-03-10T06:00:00Z');

useShop(
  (fixture) => {
    ({ t, client } = fixture);
    merchant = fixture.shop.merchant;
  },
  { merchant: { utcOffsetMinutes: 360 }, keepClock: true },
);

/** An agent whose team staked 10,000.00 at 1%: the platform paid it 100.00 of earnings. */
async function paidAgent(): Promise<{ agent: MemberRow; token: string }> {
  const { member: agent, password } = await createMember(t.app.db, merchant.id, {
    type: MEMBER_TYPE.AGENT_1,
    username: `ew${uniqueSuffix(10)}`,
  });
  const player = (await createMember(t.app.db, merchant.id, { uplineId: agent.id })).member;
  await giveContract({ db: t.app.db, now: new Date('2025-03-01T00:00:00Z'), merchant }, null, agent, 'DAILY_SALARY', {
    tiers: [tier('0.00', 0, 100)],
  });
  await playRound(t.app.db, merchant, player, { bet: '10000.00', payout: '0.00', closedAt: NOON });
  await settleContracts(
    { db: t.app.db, now: new Date('2025-03-11T00:00:00Z'), merchant },
    { type: 'DAILY_SALARY', period: 'DAILY', bounds: periodContaining('DAILY', NOON, merchant.utcOffsetMinutes) },
  );
  return { agent, token: await client.login(agent.username, password ?? '', { ip: uniqueIp() }) };
}

function move(token: string, amount: string, idempotencyKey = `k-${uniqueSuffix(12)}`) {
  return client.call('POST', AGENT_PATHS.earningsToWallet, { token, body: { amount, idempotencyKey } });
}

async function balances(member: MemberRow) {
  const found = await getMemberBalances(t.app.db, { merchantId: merchant.id, memberId: member.id });
  return { cash: formatAmount(found.available), earnings: formatAmount(found.agentEarnings) };
}

describe('earnings to wallet', () => {
  it('moves earnings into the cash wallet, never more than the earnings hold', async () => {
    const { agent, token } = await paidAgent();
    expect(await balances(agent)).toEqual({ cash: '0.00', earnings: '100.00' });

    const moved = await move(token, '60.00');
    expect(moved.statusCode).toBe(200);
    expect(moved.json().value).toMatchObject({ amount: '60.00', cashBalance: '60.00', earningsBalance: '40.00' });

    const tooMuch = await move(token, '40.01');
    expect([tooMuch.statusCode, tooMuch.json().code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect(await balances(agent)).toEqual({ cash: '60.00', earnings: '40.00' });
  });

  it('a repeated key moves the money once; the same key for another amount is refused', async () => {
    const { agent, token } = await paidAgent();
    const key = `repeat-${uniqueSuffix(12)}`;
    const answers = await Promise.all([move(token, '25.00', key), move(token, '25.00', key), move(token, '25.00', key)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().value.transferId)).size).toBe(1);
    expect(await balances(agent)).toEqual({ cash: '25.00', earnings: '75.00' });
    const conflict = await move(token, '30.00', key);
    expect([conflict.statusCode, conflict.json().code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    const keyed = await t.app.db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `agent-earnings-to-wallet:${agent.id}:%`));
    expect(keyed).toHaveLength(1);
  });

  it('is for agents only', async () => {
    const { member, password } = await createMember(t.app.db, merchant.id, { username: `ew${uniqueSuffix(10)}` });
    const token = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    const refused = await move(token, '1.00');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'AGENT_ONLY']);
  });

  it('leaves the ledger balanced', async () => {
    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  });
});
