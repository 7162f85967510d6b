/**
 * How codes and links leave the system. Operations depend only on these interfaces; which
 * implementation runs is configuration (SMS_PROVIDER, MAIL_PROVIDER).
 */
export interface SmsMessage {
  /** The merchant whose member it is for (the demo outbox lists messages per merchant). */
  merchantId: number;
  /** E.164 (+8801712345678). */
  to: string;
  text: string;
}

export interface SmsProvider {
  /** Rejects when the message was not accepted for delivery. */
  send(message: SmsMessage): Promise<void>;
}

export interface MailMessage {
  merchantId: number;
  to: string;
  subject: string;
  text: string;
}

export interface MailProvider {
  send(message: MailMessage): Promise<void>;
}

export interface MessageProviders {
  sms: SmsProvider;
  mail: MailProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessageProviders;
  }
}
