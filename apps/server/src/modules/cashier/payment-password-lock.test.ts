import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { createMember, TestClient, type TestMerchant, uniqueIp, uniqueSuffix } from '../../test/factories';
import { useShop } from '../../test/shop-fixture';
import { PAYMENT_PASSWORD_LOCK_MINUTES, PAYMENT_PASSWORD_MAX_FAILURES } from '../member/check-payment-password';

const PAY = '204857';
const key = () => `k-${uniqueSuffix(12)}`;

let t: TestApp;
let site: TestMerchant;
let client: TestClient;

useShop((fixture) => {
  ({ t, shop: site, client } = fixture);
});

/** An agent with a payment password and one direct downline to send money to. */
async function agentWithDownline() {
  const agent = await createMember(t.app.db, site.merchant.id, {
    type: MEMBER_TYPE.AGENT_41,
    affiliateCode: `PL${uniqueSuffix(6)}`,
    paymentPassword: PAY,
  });
  const downline = await createMember(t.app.db, site.merchant.id, { uplineId: agent.member.id });
  return { agent, downline };
}

describe('payment password guessing (issue 11 item 6)', () => {
  it('locks after 5 wrong answers across calls and logins, refuses the right one while locked, and unlocks after the period', async () => {
    const start = new Date();
    t.setNow(start);
    const { agent, downline } = await agentWithDownline();
    const username = agent.member.username;
    const password = agent.password ?? '';
    // Two logins: a new session must not give fresh tries (the old budget was per token).
    const first = await client.login(username, password, { ip: uniqueIp() });
    const second = await client.login(username, password, { ip: uniqueIp() });
    const transfer = (token: string, paymentPassword: string) =>
      client.call('POST', '/wps/v2/wallets/transferFund', {
        token,
        body: { downlineId: downline.member.id, amount: '1.00', paymentPassword, idempotencyKey: key() },
      });
    const withdraw = (token: string, paymentPassword: string) =>
      client.call('POST', '/wps/v2/cashier/withdrawals', {
        token,
        body: { bankAccountId: 1, amount: '100.00', paymentPassword, idempotencyKey: key() },
      });

    const answers = [
      await transfer(first, '000001'),
      await transfer(first, '000002'),
      await withdraw(second, '000003'),
      await transfer(second, '000004'),
    ];
    expect(answers.map((answer) => answer.json().code)).toEqual(Array(4).fill('PAYMENT_PASSWORD_INVALID'));
    expect(answers.map((answer) => answer.json().value.attemptsLeft)).toEqual([4, 3, 2, 1]);

    const fifth = await withdraw(first, '000005');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({
      code: 'PAYMENT_PASSWORD_LOCKED',
      message: 'Too many wrong payment passwords. Please try again in 30 minutes',
      value: { retryAfterSeconds: PAYMENT_PASSWORD_LOCK_MINUTES * 60 },
    });

    // The right PIN is refused while locked, from any session and any call, in the member's language.
    t.setNow(new Date(start.getTime() + 10 * 60_000));
    const rightWhileLocked = await transfer(second, PAY);
    expect(rightWhileLocked.statusCode).toBe(429);
    expect(rightWhileLocked.json()).toMatchObject({ code: 'PAYMENT_PASSWORD_LOCKED', value: { retryAfterSeconds: 20 * 60 } });
    const bn = await new TestClient(t.app, site.host, 'BN').call('POST', '/wps/v2/wallets/transferFund', {
      token: first,
      body: { downlineId: downline.member.id, amount: '1.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    expect(bn.json().message).toBe('অনেকবার ভুল পেমেন্ট পাসওয়ার্ড দেওয়া হয়েছে। 20 মিনিট পরে আবার চেষ্টা করুন');

    // After the period the right PIN passes the check (the transfer then stops at the empty wallet).
    t.setNow(new Date(start.getTime() + (PAYMENT_PASSWORD_LOCK_MINUTES + 1) * 60_000));
    const later = await client.login(username, password, { ip: uniqueIp() });
    const afterLock = await transfer(later, PAY);
    expect(afterLock.json().code).toBe('INSUFFICIENT_FUNDS');
    // A right answer clears the count: the next wrong one has the full allowance again.
    const fresh = await transfer(later, '000006');
    expect(fresh.json()).toMatchObject({ code: 'PAYMENT_PASSWORD_INVALID', value: { attemptsLeft: PAYMENT_PASSWORD_MAX_FAILURES - 1 } });
  });

  it('counts the bank binding and the payment-password change towards the same lock', async () => {
    const { agent } = await agentWithDownline();
    const token = await client.login(agent.member.username, agent.password ?? '', { ip: uniqueIp() });
    const added = await client.call('POST', '/wps/member/security/bankAccounts', {
      token,
      body: { accountName: 'Rahim Uddin', accountNumber: `01${uniqueSuffix(10).replace(/\D/g, '7')}`, bankName: 'Sonali Bank' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().value.id;
    for (let i = 0; i < 3; i += 1) {
      const bind = await client.call('POST', '/wps/member/security/bankAccounts/confirm', {
        token,
        body: { id, paymentPassword: `11122${i}` },
      });
      expect(bind.json().code).toBe('PAYMENT_PASSWORD_INVALID');
    }
    for (let i = 0; i < 2; i += 1) {
      const change = await client.call('POST', '/wps/member/security/paymentPassword', {
        token,
        body: { oldPaymentPassword: `22233${i}`, newPaymentPassword: '480275', confirmPaymentPassword: '480275' },
      });
      expect(change.json().code).toBe(i === 1 ? 'PAYMENT_PASSWORD_LOCKED' : 'PAYMENT_PASSWORD_INVALID');
    }
    const bindRight = await client.call('POST', '/wps/member/security/bankAccounts/confirm', { token, body: { id, paymentPassword: PAY } });
    expect(bindRight.json().code).toBe('PAYMENT_PASSWORD_LOCKED');
  });

  it('verifies at most the allowance when wrong guesses arrive in parallel', async () => {
    const { agent, downline } = await agentWithDownline();
    const token = await client.login(agent.member.username, agent.password ?? '', { ip: uniqueIp() });
    // Ten: the route's own per-session budget; the lock is what stops the guesses.
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        client.call('POST', '/wps/v2/wallets/transferFund', {
          token,
          body: { downlineId: downline.member.id, amount: '1.00', paymentPassword: `90000${i % 10}`, idempotencyKey: key() },
        }),
      ),
    );
    const codes = burst.map((answer) => answer.json().code);
    expect(codes.filter((code) => code === 'PAYMENT_PASSWORD_INVALID').length).toBeLessThanOrEqual(PAYMENT_PASSWORD_MAX_FAILURES - 1);
    expect(codes.filter((code) => code === 'PAYMENT_PASSWORD_LOCKED').length).toBeGreaterThanOrEqual(
      10 - PAYMENT_PASSWORD_MAX_FAILURES + 1,
    );
    const other = await client.login(agent.member.username, agent.password ?? '', { ip: uniqueIp() });
    const right = await client.call('POST', '/wps/v2/wallets/transferFund', {
      token: other,
      body: { downlineId: downline.member.id, amount: '1.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    expect(right.json().code).toBe('PAYMENT_PASSWORD_LOCKED');
  });
});

describe('trivial payment passwords (issue 11 item 6)', () => {
  it('refuses 000000, runs, repeated pairs and the birthday when setting one, and accepts an ordinary PIN', async () => {
    const { member, password } = await createMember(t.app.db, site.merchant.id, { paymentPassword: null });
    const token = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    const profile = await client.call('PUT', '/wps/member/security/profile', { token, body: { birthday: '1990-07-14' } });
    expect(profile.statusCode, profile.body).toBe(200);
    const set = (pin: string, language = 'EN') =>
      new TestClient(t.app, site.host, language).call('POST', '/wps/member/security/paymentPassword', {
        token,
        body: { loginPassword: password, newPaymentPassword: pin, confirmPaymentPassword: pin },
        ip: uniqueIp(),
      });
    for (const pin of ['000000', '111111', '123456', '654321', '121212', '123123', '345678', '140790', '900714']) {
      const refused = await set(pin);
      expect([pin, refused.statusCode, refused.json().code]).toEqual([pin, 422, 'PAYMENT_PASSWORD_TOO_SIMPLE']);
      expect(refused.json().value.fields[0]).toMatchObject({ field: 'newPaymentPassword', reason: 'invalid' });
    }
    const sw = await set('000000', 'SW');
    expect(sw.json().message).toContain('Nenosiri hili la malipo ni rahisi mno kukisiwa');
    expect((await set('480275')).statusCode).toBe(200);
  });
});
