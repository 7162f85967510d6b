import type { FastifyBaseLogger } from 'fastify';
import { outboxMessages } from '../../db/schema/accounts';
import type { Db } from '../db';
import type { MailMessage, MailProvider, SmsMessage, SmsProvider } from './message-providers';

/**
 * Demo and test delivery: messages are kept in the database, where the merchant's admins see
 * them masked (GET /admin-api/outbox, demo only) and tests read them directly. The log never
 * holds a code or a reset link (log readers are not the member), except in a demo
 * (`isDemo`), where the terminal of whoever runs `npm start` shows the SMS text so the demo's
 * SMS login can be tried; an e-mail's body may hold a reset link, so only its recipient and
 * subject are logged.
 */
export class OutboxSmsProvider implements SmsProvider {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: { isDemo: boolean },
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db
      .insert(outboxMessages)
      .values({ merchantId: message.merchantId, channel: 'SMS', recipient: message.to, body: message.text });
    if (this.options.isDemo) this.log.info({ outbox: 'sms', to: message.to, text: message.text }, 'DEMO: SMS kept in the outbox');
    else this.log.info({ outbox: 'sms', to: message.to }, 'SMS kept in the outbox (not delivered)');
  }
}

export class OutboxMailProvider implements MailProvider {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(outboxMessages).values({
      merchantId: message.merchantId,
      channel: 'EMAIL',
      recipient: message.to,
      subject: message.subject,
      body: message.text,
    });
    this.log.info({ outbox: 'email', to: message.to, subject: message.subject }, 'e-mail kept in the outbox (not delivered)');
  }
}
