import { createTransport } from 'nodemailer';
import type { MailMessage, MailProvider } from './message-providers';

/**
 * Production e-mail through an SMTP relay with nodemailer. SMTP_URL carries everything:
 * smtps://user:password@host:465 (implicit TLS) or smtp://user:password@host:587 (STARTTLS,
 * required with `?requireTLS=true`). One connection per message (codes and reset links are few;
 * nothing stays open to close at shutdown); every stage has a timeout, because a member's
 * request waits on the send.
 */
export class SmtpMailProvider implements MailProvider {
  private readonly transport;

  constructor(smtpUrl: string, from: string, options: { timeoutMs?: number } = {}) {
    const timeoutMs = options.timeoutMs ?? 15_000;
    this.transport = createTransport(
      {
        url: smtpUrl,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        // Bodies hold codes and reset links: never in nodemailer's own log.
        logger: false,
        debug: false,
      },
      { from },
    );
  }

  async send(message: MailMessage): Promise<void> {
    // nodemailer encodes headers (no CR/LF injection through a subject or address) and the body.
    await this.transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
  }
}
