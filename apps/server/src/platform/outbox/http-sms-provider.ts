import type { SmsProvider } from './message-providers';

/**
 * PRODUCTION ADAPTER SHAPE (not used by tests, which never reach the network): posts
 * `{ to, text, sender }` as JSON with a bearer token to the gateway at SMS_HTTP_URL. Real
 * gateways differ in field names; adapt `body` here and keep the SmsProvider interface.
 */
export class HttpSmsProvider implements SmsProvider {
  constructor(private readonly options: { url: string; token: string | undefined; sender: string; timeoutMs?: number }) {}

  async send(to: string, text: string): Promise<void> {
    const response = await fetch(this.options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}),
      },
      body: JSON.stringify({ to, text, sender: this.options.sender }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    // The gateway's body may echo the message; it is not read into errors or logs.
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }
}
