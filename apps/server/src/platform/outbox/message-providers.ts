/**
 * How codes and links leave the system. Operations depend only on these interfaces; which
 * implementation runs is configuration (SMS_PROVIDER, MAIL_PROVIDER).
 */
export interface SmsProvider {
  /** `to` is E.164 (+8801712345678). Rejects when the message was not accepted for delivery. */
  send(to: string, text: string): Promise<void>;
}

export interface MailMessage {
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
