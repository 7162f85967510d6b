import type { SmsMessage, SmsProvider } from './message-providers';

export interface HttpSmsOptions {
  /** The gateway's send endpoint (SMS_HTTP_URL), e.g. https://<base>.api.infobip.com/sms/2/text/advanced. */
  url: string;
  /** Sent as `Authorization: Bearer <token>` (SMS_HTTP_TOKEN). */
  token: string | undefined;
  /** Alphanumeric sender id (SMS_SENDER_ID, at most 11 characters). */
  sender: string;
  /** The whole exchange, connection included; a member waits on it. Default 10 s. */
  timeoutMs?: number;
}

/** A gateway's answer per message: Infobip reports rejected numbers in a 200 answer. */
interface GatewayAnswer {
  messages?: Array<{ status?: { groupName?: string } }>;
}

/**
 * Production SMS delivery over HTTPS. The request is the shape of Infobip's
 * `/sms/2/text/advanced`, which many aggregators accept as is:
 *
 *   POST SMS_HTTP_URL  Authorization: Bearer SMS_HTTP_TOKEN
 *   { "messages": [{ "from": "KISMAT", "destinations": [{ "to": "8801712345678", "messageId": "<uuid>" }],
 *                    "text": "...", "validityPeriod": 10 }] }
 *
 * Anything but a 2xx answer, a rejected message or no answer within the timeout rejects, and
 * the caller retires the code (send-verification-code.ts). For another gateway, change
 * `requestBody` and `isRejected`, not the SmsProvider interface.
 */
export class HttpSmsProvider implements SmsProvider {
  constructor(private readonly options: HttpSmsOptions) {}

  async send(message: SmsMessage): Promise<void> {
    const response = await fetch(this.options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}),
      },
      body: JSON.stringify(this.requestBody(message)),
      redirect: 'error',
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    // The gateway's body may echo the message (a code): it never goes into errors or logs.
    const answer = (await response.json().catch(() => null)) as GatewayAnswer | null;
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    if (isRejected(answer)) throw new Error('SMS gateway rejected the message');
  }

  private requestBody(message: SmsMessage) {
    return {
      messages: [
        {
          from: this.options.sender,
          // E.164 without the plus, as gateways number destinations.
          destinations: [{ to: message.to.replace(/^\+/, ''), messageId: crypto.randomUUID() }],
          text: message.text,
          // Minutes: a code that arrives after it expired is noise.
          validityPeriod: 10,
        },
      ],
    };
  }
}

function isRejected(answer: GatewayAnswer | null): boolean {
  return answer?.messages?.some((entry) => entry.status?.groupName === 'REJECTED') ?? false;
}
