import type { FastifyBaseLogger } from 'fastify';
import { outboxMessages } from '../../db/schema/accounts';
import type { Db } from '../db';
import type { MailMessage, MailProvider, SmsProvider } from './message-providers';

/**
 * Development and demo delivery: messages are kept in the database (read through the
 * operator-only outbox endpoint, also by the end-to-end tests) and logged. An SMS holds only
 * a one-time code, so its text is logged; an e-mail may hold a reset link (a bearer secret),
 * so only its recipient and subject are logged.
 */
export class OutboxSmsProvider implements SmsProvider {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(to: string, text: string): Promise<void> {
    await this.db.insert(outboxMessages).values({ channel: 'SMS', recipient: to, body: text });
    this.log.info({ outbox: 'sms', to, text }, 'SMS kept in the development outbox');
  }
}

export class OutboxMailProvider implements MailProvider {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(outboxMessages).values({ channel: 'EMAIL', recipient: message.to, subject: message.subject, body: message.text });
    this.log.info({ outbox: 'email', to: message.to, subject: message.subject }, 'e-mail kept in the development outbox');
  }
}
