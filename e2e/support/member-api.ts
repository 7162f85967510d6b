import { randomInt } from 'node:crypto';
import { importSealingKey, sealPayload } from '../../packages/contracts/src/encryption';

/**
 * The member and operator API as specs call it outside the browser: fixtures (payment password,
 * bank account) and the balances a page must end up showing.
 */
export interface ApiClient {
  call<T>(method: string, callPath: string, options?: { body?: unknown; token?: string; isSealed?: boolean }): Promise<T>;
  balanceOf(token: string): Promise<string>;
  login(username: string, password: string): Promise<string>;
  /** A payment password and a bound, confirmed bank account, as a withdrawal needs. */
  ensureWithdrawalReady(token: string, loginPassword: string, paymentPassword: string): Promise<void>;
}

export function apiClient(baseUrl: string): ApiClient {
  async function call<T>(
    method: string,
    callPath: string,
    options: { body?: unknown; token?: string; isSealed?: boolean } = {},
  ): Promise<T> {
    let body = options.body;
    if (options.isSealed) {
      const keyResponse = (await (await fetch(`${baseUrl}/wps/system/publicKey`)).json()) as {
        value: { publicKeyPem: string; serverTime: number };
      };
      // Sealed with a timestamp on the server's clock and a one-time nonce, as the site does.
      body = await sealPayload(await importSealingKey(keyResponse.value.publicKeyPem, keyResponse.value.serverTime), callPath, body);
    }
    const response = await fetch(`${baseUrl}${callPath}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const envelope = (await response.json()) as { success: boolean; code: string; value: T };
    if (!envelope.success) throw new Error(`${method} ${callPath}: ${response.status} ${envelope.code}`);
    return envelope.value;
  }

  return {
    call,
    async balanceOf(token) {
      return (await call<{ balance: string }>('GET', '/wps/v2/wallets/balance', { token })).balance;
    },
    async login(username, password) {
      return (
        await call<{ token: string }>('POST', '/wps/session/login', { body: { type: 'username', username, password }, isSealed: true })
      ).token;
    },
    async ensureWithdrawalReady(token, loginPassword, paymentPassword) {
      const overview = await call<{ hasPaymentPassword: boolean }>('GET', '/wps/member/security', { token });
      if (!overview.hasPaymentPassword) {
        await call('POST', '/wps/member/security/paymentPassword', {
          token,
          isSealed: true,
          body: { loginPassword, newPaymentPassword: paymentPassword, confirmPaymentPassword: paymentPassword },
        });
      }
      const banks = await call<{ id: number; isBound: boolean }[]>('GET', '/wps/member/security/bankAccounts', { token });
      if (banks.some((bank) => bank.isBound)) return;
      const added = await call<{ id: number }>('POST', '/wps/member/security/bankAccounts', {
        token,
        isSealed: true,
        // A number of its own per member: a bank account binds to one member only (BANK_ACCOUNT_TAKEN).
        body: { accountName: 'Demo Player', accountNumber: `1011${randomInt(100_000_000, 999_999_999)}`, bankName: 'Dutch-Bangla Bank' },
      });
      await call('POST', '/wps/member/security/bankAccounts/confirm', {
        token,
        isSealed: true,
        body: { id: added.id, paymentPassword },
      });
    },
  };
}
