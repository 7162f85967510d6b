import { OPERATOR_FACTS_PATHS } from '@kismat/contracts/facts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operatorAuditLog, operators } from '../../db/schema/operators';
import type { TestApp } from '../../test/build-test-app';
import { createMember, createMerchant, TestClient, type TestMerchant, uniqueIp, uniqueSuffix } from '../../test/factories';
import { useShop } from '../../test/shop-fixture';
import { hashPassword } from '../member/password-hash';
import { createFactConsumer, recordRoundFact } from './index';

/*
 * The back office sees how far the loyalty engines trail and the facts none could apply
 * (operator-routes.ts): operators only, a merchant-scoped operator only its own merchant.
 */

const ROOT_TOKEN = 'facts-root-operator-token-0123456789';
const PASSWORD = 'Op3rator!pass';

describe('operator facts status', () => {
  let t: TestApp;
  let site: TestMerchant;
  let other: TestMerchant;
  let client: TestClient;

  useShop(
    async (fixture) => {
      ({ t, shop: site } = fixture);
      other = await createMerchant(t.app.db);
      client = new TestClient(t.app, site.host);
    },
    { config: { OPERATOR_TOKEN: ROOT_TOKEN } },
  );

  const statusUrl = (code: string) => OPERATOR_FACTS_PATHS.status.replace(':code', code);
  const as = (token: string | null, code: string) =>
    client.call('GET', statusUrl(code), token ? { headers: { authorization: `Bearer ${token}` } } : {});

  it('shows pending facts and a dead letter with its engine and error, to operators of that merchant only', async () => {
    const { member } = await createMember(t.app.db, site.merchant.id);
    const fact = (sourceId: number, amount: bigint) => ({
      merchantId: site.merchant.id,
      memberId: member.id,
      sourceId,
      gameType: 'BGS',
      amount,
      payout: 0n,
      occurredAt: new Date(Date.now() - 5_000),
    });
    await t.app.db.transaction(async (tx) => {
      await recordRoundFact(tx, fact(1, 13n));
      await recordRoundFact(tx, fact(2, 20n));
    });
    const refusing = createFactConsumer({
      db: t.app.db,
      maxAttempts: 1,
      engines: [
        {
          name: 'refuses-13',
          async apply(_tx, facts) {
            if (facts.some((one) => one.amount === 13n)) throw new Error('cannot apply 13');
          },
        },
      ],
    });
    expect(await refusing.processBatch()).toBe(1);
    await t.app.db.transaction((tx) => recordRoundFact(tx, fact(3, 30n)));

    const root = await as(ROOT_TOKEN, site.merchant.code);
    expect(root.statusCode, root.body).toBe(200);
    const value = root.json().value;
    expect(value).toMatchObject({ pending: 1, deadLetters: 1 });
    expect(value.oldestAgeMs).toBeGreaterThanOrEqual(4_000);
    expect(value.recentDeadLetters).toEqual([
      expect.objectContaining({ kind: 'ROUND', memberId: member.id, sourceId: 1, amount: '0.13', attempts: 1, engine: 'refuses-13' }),
    ]);
    expect(value.recentDeadLetters[0].error).toContain('cannot apply 13');
    // Another merchant's view has none of it.
    expect((await as(ROOT_TOKEN, other.merchant.code)).json().value).toMatchObject({ pending: 0, deadLetters: 0, recentDeadLetters: [] });

    expect((await as(null, site.merchant.code)).statusCode).toBe(401);
    const username = `op${uniqueSuffix(8)}`;
    await t.app.db
      .insert(operators)
      .values({ username, passwordHash: await hashPassword(PASSWORD), role: 'support', merchantId: other.merchant.id });
    const login = await client.call('POST', '/admin-api/session', { body: { username, password: PASSWORD }, ip: uniqueIp() });
    expect(login.statusCode, login.body).toBe(200);
    const scoped = login.json().value.token as string;
    expect((await as(scoped, site.merchant.code)).statusCode).toBe(404);
    expect((await as(scoped, other.merchant.code)).statusCode).toBe(200);

    // Retrying the dead letter: support may not (settings), another merchant's operator sees no
    // such fact, the root operator puts it back once (audited), and a second retry finds nothing.
    const deadId = value.recentDeadLetters[0].factId as number;
    const retryUrl = (code: string) => OPERATOR_FACTS_PATHS.retry.replace(':code', code).replace(':factId', String(deadId));
    const retry = (token: string, code: string) =>
      client.call('POST', retryUrl(code), { headers: { authorization: `Bearer ${token}` }, body: { reason: 'engine fixed' } });
    expect((await retry(scoped, site.merchant.code)).statusCode).toBe(403);
    expect((await retry(ROOT_TOKEN, other.merchant.code)).statusCode).toBe(404);
    const retried = await retry(ROOT_TOKEN, site.merchant.code);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().value).toEqual({ factId: deadId, requeued: true });
    expect((await retry(ROOT_TOKEN, site.merchant.code)).statusCode).toBe(404);
    const [audit] = await t.app.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, 'fact.dead_letter_retried'));
    expect(audit).toMatchObject({ targetId: String(deadId), merchantId: site.merchant.id, memberId: member.id, reason: 'engine fixed' });
    expect((await as(ROOT_TOKEN, site.merchant.code)).json().value).toMatchObject({ pending: 2, deadLetters: 0 });
    // Back in the queue under its id, and applied once by a working engine.
    const seen: number[] = [];
    const fixed = createFactConsumer({
      db: t.app.db,
      engines: [
        {
          name: 'fixed',
          async apply(_tx, facts) {
            seen.push(...facts.map((one) => one.id));
          },
        },
      ],
    });
    expect(await fixed.processBatch()).toBe(2);
    expect(seen).toContain(deadId);
    expect(await fixed.processBatch()).toBe(0);
  });
});
