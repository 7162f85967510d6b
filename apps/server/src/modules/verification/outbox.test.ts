import { randomBytes } from 'node:crypto';
import { VERIFICATION_PATHS } from '@kismat/contracts/verification';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/accounts';
import { operatorAuditLog, operatorSessions, operators } from '../../db/schema/operators';
import { hashToken } from '../../platform/auth';
import type { TestApp } from '../../test/build-test-app';
import {
  createMember,
  createMerchant,
  latestOutboxCode,
  type TestClient,
  type TestMerchant,
  uniqueIp,
  uniqueMobile,
  uniqueSuffix,
} from '../../test/factories';
import { useShop, useTestApp } from '../../test/shop-fixture';
import { hashPassword } from '../member/password-hash';
import { maskSecrets } from './read-outbox';

/*
 * Issue 11, finding 3: a read-only support operator, and an operator of another merchant, read
 * members' SMS and e-mail codes from /admin-api/outbox and logged in as them. The outbox is a
 * demo convenience: only the merchant's admins list it, codes masked, every read audited; a
 * site without the demo has no outbox route at all.
 */

const ROOT_TOKEN = `root-${randomBytes(12).toString('hex')}`;

/** An operator of a role (of one merchant, or of every merchant) with a live session, made in the database. */
async function operatorToken(t: TestApp, role: 'admin' | 'finance' | 'support', merchantId: number | null): Promise<string> {
  const [row] = await t.app.db
    .insert(operators)
    .values({ username: `op${uniqueSuffix(8)}`, passwordHash: await hashPassword(`Op-${uniqueSuffix(12)}`), role, merchantId })
    .returning();
  if (!row) throw new Error('operator insert');
  const token = randomBytes(32).toString('base64url');
  await t.app.db
    .insert(operatorSessions)
    .values({ operatorId: row.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

describe('the demo outbox (SEED_DEMO)', () => {
  let t: TestApp;
  let shop: TestMerchant;
  let other: TestMerchant;
  let client: TestClient;
  let mobile: ReturnType<typeof uniqueMobile>;
  let code: string;

  useShop(
    async (fixture) => {
      ({ t, shop, client } = fixture);
      other = await createMerchant(t.app.db);
      mobile = uniqueMobile();
      await createMember(t.app.db, shop.merchant.id, { mobile: { dialingCode: '+880', national: mobile.national } });
      const sent = await client.call('POST', '/wps/verification/sms/noLogin', {
        body: { countryDialingCode: '+880', mobileNo: mobile.national },
        ip: uniqueIp(),
      });
      expect(sent.statusCode, sent.body).toBe(200);
      code = (await latestOutboxCode(t.app.db, mobile.e164)) ?? '';
      expect(code).toMatch(/^\d{6}$/);
    },
    { config: { SEED_DEMO: true, OPERATOR_TOKEN: ROOT_TOKEN } },
  );

  const read = (token: string | null, query = '') =>
    client.call('GET', `${VERIFICATION_PATHS.outbox}?channel=SMS&to=${encodeURIComponent(mobile.e164)}${query}`, {
      ...(token ? { token } : {}),
    });

  it('keeps the message with its merchant', async () => {
    const [row] = await t.app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, mobile.e164));
    expect(row?.merchantId).toBe(shop.merchant.id);
  });

  it('refuses support and finance operators and anyone without a credential: no code reaches them', async () => {
    for (const role of ['support', 'finance'] as const) {
      const response = await read(await operatorToken(t, role, shop.merchant.id));
      expect(response.statusCode, role).toBe(403);
      expect(response.body).not.toContain(code);
    }
    expect((await read(null)).statusCode).toBe(401);
  });

  it("shows another merchant's admin none of this merchant's messages", async () => {
    const response = await read(await operatorToken(t, 'admin', other.merchant.id));
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toEqual([]);
  });

  it('shows the merchant admin the message with the code masked, and audits the read', async () => {
    const response = await read(await operatorToken(t, 'admin', shop.merchant.id));
    expect(response.statusCode, response.body).toBe(200);
    const [message] = response.json().value;
    expect(message).toMatchObject({ channel: 'SMS', recipient: mobile.e164, merchantId: shop.merchant.id });
    expect(message.body).toContain(`${code.slice(0, 2)}****`);
    expect(response.body).not.toContain(code);
    const audits = await t.app.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'outbox.read'), eq(operatorAuditLog.merchantId, shop.merchant.id)));
    expect(audits.at(-1)?.detail).toMatchObject({ channel: 'SMS', to: mobile.e164, shown: 1 });
  });

  it('masks for the admin of every merchant too (the bootstrap token)', async () => {
    const response = await read(ROOT_TOKEN, `&merchantId=${shop.merchant.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toHaveLength(1);
    expect(response.body).not.toContain(code);
  });
});

describe('a site without the demo', () => {
  let t: TestApp;

  useTestApp(
    (built) => {
      t = built;
    },
    { config: { OPERATOR_TOKEN: ROOT_TOKEN } },
  );

  it('has no outbox route, not even for the admin of every merchant', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: VERIFICATION_PATHS.outbox,
      headers: { authorization: `Bearer ${ROOT_TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(t.app.registeredRoutes.some((route) => route.url === VERIFICATION_PATHS.outbox)).toBe(false);
  });
});

describe('maskSecrets', () => {
  it('keeps two digits of a code and four characters of a link token', () => {
    expect(maskSecrets('Your Kismat verification code is 123456. It is valid for 5 minutes.')).toBe(
      'Your Kismat verification code is 12****. It is valid for 5 minutes.',
    );
    expect(maskSecrets('আপনার Kismat যাচাইকরণ কোড 987654। এটি 5 মিনিট')).toBe('আপনার Kismat যাচাইকরণ কোড 98****। এটি 5 মিনিট');
    const token = 'Zx9_aaaaBBBBccccDDDDeeeeFFFFgggg';
    const masked = maskSecrets(`Open this link:\nhttps://kismat.example/?resetToken=${token}\n`);
    expect(masked).toContain('resetToken=Zx9_********');
    expect(masked).not.toContain(token);
  });
});
