import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../db';
import { HttpSmsProvider } from './http-sms-provider';
import type { MessageProviders } from './message-providers';
import { OutboxMailProvider, OutboxSmsProvider } from './outbox-providers';
import { SmtpMailProvider } from './smtp-mail-provider';

/** The configured SMS and e-mail providers; a production provider without its settings stops the start. */
export function createMessageProviders(config: Config, db: Db, log: FastifyBaseLogger): MessageProviders {
  let sms: MessageProviders['sms'];
  if (config.SMS_PROVIDER === 'http') {
    if (!config.SMS_HTTP_URL) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
    sms = new HttpSmsProvider({ url: config.SMS_HTTP_URL, token: config.SMS_HTTP_TOKEN, sender: config.SMS_SENDER_ID });
  } else {
    sms = new OutboxSmsProvider(db, log, { isDemo: config.SEED_DEMO });
  }
  let mail: MessageProviders['mail'];
  if (config.MAIL_PROVIDER === 'smtp') {
    if (!config.SMTP_URL) throw new Error('MAIL_PROVIDER=smtp needs SMTP_URL');
    mail = new SmtpMailProvider(config.SMTP_URL, config.MAIL_FROM);
  } else {
    mail = new OutboxMailProvider(db, log);
  }
  return { sms, mail };
}
