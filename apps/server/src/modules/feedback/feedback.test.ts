import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feedback } from '../../db/schema/feedback';
import type { TestApp } from '../../test/build-test-app';
import { createMember, plantCaptcha, TestClient, uniqueIp } from '../../test/factories';
import { useTestApp } from '../../test/shop-fixture';

describe('PUT /wps/feedback', () => {
  let t: TestApp;
  let client: TestClient;
  let merchantId: number;
  useTestApp(async (built) => {
    t = built;
    client = new TestClient(t.app, 'localhost');
    merchantId = (await t.app.merchants.byDefault())?.id ?? 0;
  });

  const rows = () => t.app.db.select().from(feedback).where(eq(feedback.merchantId, merchantId));

  it('stores a visitor message once with a right captcha, and the captcha cannot be reused', async () => {
    const captchaId = await plantCaptcha(t.app.db, 'K7PX');
    const body = { content: '  Deposit not credited after 20 minutes  ', sender: 'visitor', type: 1, captcha: 'K7PX', captchaId };
    const first = await client.call('PUT', '/wps/feedback', { body, ip: uniqueIp() });
    expect(first.statusCode).toBe(200);
    const stored = (await rows()).find((row) => row.id === first.json().value.id);
    expect(stored).toMatchObject({ content: 'Deposit not credited after 20 minutes', type: 1, memberId: null, sender: 'visitor' });
    const replay = await client.call('PUT', '/wps/feedback', { body, ip: uniqueIp() });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().code).toBe('CAPTCHA_INVALID');
  });

  it('signs a member message with the account, whatever sender the body claims', async () => {
    const { member, password } = await createMember(t.app.db, merchantId);
    const token = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    const captchaId = await plantCaptcha(t.app.db, 'AB23');
    const response = await client.call('PUT', '/wps/feedback', {
      token,
      ip: uniqueIp(),
      body: { content: 'Please add more fishing games', sender: 'someoneelse', type: 3, captcha: 'AB23', captchaId },
    });
    expect(response.statusCode).toBe(200);
    const stored = (await rows()).find((row) => row.id === response.json().value.id);
    expect(stored).toMatchObject({ memberId: member.id, sender: member.username });
  });

  it('refuses empty, too long or untyped feedback and a missing captcha, storing nothing', async () => {
    const before = (await rows()).length;
    const cases = [
      { content: '   ', type: 1, captcha: 'AB23' },
      { content: 'x'.repeat(201), type: 1, captcha: 'AB23' },
      { content: 'hello', type: 5, captcha: 'AB23' },
      { content: 'hello', type: 1, captcha: '' },
    ];
    for (const body of cases) {
      const response = await client.call('PUT', '/wps/feedback', { body, ip: uniqueIp() });
      expect(response.statusCode).toBe(422);
      expect(response.json().success).toBe(false);
    }
    const wrong = await client.call('PUT', '/wps/feedback', {
      body: { content: 'hello', type: 0, captcha: 'ZZZZ', captchaId: await plantCaptcha(t.app.db, 'AB23') },
      ip: uniqueIp(),
    });
    expect(wrong.json().code).toBe('CAPTCHA_INVALID');
    expect((await rows()).length).toBe(before);
  });
});
