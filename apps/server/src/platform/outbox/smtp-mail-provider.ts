import { randomBytes } from 'node:crypto';
import { connect, type TLSSocket } from 'node:tls';
import type { MailMessage, MailProvider } from './message-providers';

/**
 * PRODUCTION ADAPTER SHAPE (not used by tests, which never reach the network): a minimal SMTP
 * client over implicit TLS (smtps://user:password@host:465) with AUTH PLAIN, enough for a
 * transactional relay. Swap for a full client if a relay needs STARTTLS or OAuth.
 */
export class SmtpMailProvider implements MailProvider {
  private readonly url: URL;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly timeoutMs = 15_000,
  ) {
    this.url = new URL(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    const socket = connect({ host: this.url.hostname, port: Number(this.url.port || 465), servername: this.url.hostname });
    socket.setTimeout(this.timeoutMs, () => socket.destroy(new Error('SMTP timeout')));
    const replies = replyReader(socket);
    try {
      await expect(replies, 220);
      await command(socket, replies, `EHLO ${this.url.searchParams.get('helo') ?? 'localhost'}`, 250);
      if (this.url.username) {
        const credentials = `\0${decodeURIComponent(this.url.username)}\0${decodeURIComponent(this.url.password)}`;
        await command(socket, replies, `AUTH PLAIN ${Buffer.from(credentials).toString('base64')}`, 235);
      }
      await command(socket, replies, `MAIL FROM:<${addressOf(this.from)}>`, 250);
      await command(socket, replies, `RCPT TO:<${addressOf(message.to)}>`, 250);
      await command(socket, replies, 'DATA', 354);
      const headers = [
        `From: ${headerSafe(this.from)}`,
        `To: ${headerSafe(message.to)}`,
        `Subject: =?UTF-8?B?${Buffer.from(headerSafe(message.subject)).toString('base64')}?=`,
        `Message-ID: <${randomBytes(12).toString('hex')}@${this.url.hostname}>`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=UTF-8',
        'Content-Transfer-Encoding: base64',
      ];
      const body = (
        Buffer.from(message.text)
          .toString('base64')
          .match(/.{1,76}/g) ?? []
      ).join('\r\n');
      await command(socket, replies, `${headers.join('\r\n')}\r\n\r\n${body}\r\n.`, 250);
      await command(socket, replies, 'QUIT', 221).catch(() => undefined);
    } finally {
      socket.end();
    }
  }
}

/** CR and LF would let a value inject headers or SMTP commands. */
function headerSafe(value: string): string {
  return value.replace(/[\r\n]+/g, ' ');
}

function addressOf(value: string): string {
  const match = /<([^>]+)>/.exec(value);
  return headerSafe(match?.[1] ?? value).trim();
}

type ReplyReader = () => Promise<{ code: number; text: string }>;

function replyReader(socket: TLSSocket): ReplyReader {
  let buffered = '';
  const waiting: Array<{ resolve: (reply: { code: number; text: string }) => void; reject: (error: Error) => void }> = [];
  const ready: Array<{ code: number; text: string }> = [];
  let failure: Error | null = null;
  const flush = () => {
    // A reply ends with a line "NNN text"; "NNN-text" lines continue it.
    for (;;) {
      const match = /^(?:\d{3}-[^\r\n]*\r\n)*(\d{3}) [^\r\n]*\r\n/.exec(buffered);
      if (!match) break;
      ready.push({ code: Number(match[1]), text: match[0] });
      buffered = buffered.slice(match[0].length);
    }
    while (ready.length > 0 && waiting.length > 0) waiting.shift()?.resolve(ready.shift() as { code: number; text: string });
  };
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    flush();
  });
  const fail = (error: Error) => {
    failure = error;
    for (const waiter of waiting.splice(0)) waiter.reject(error);
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('SMTP connection closed')));
  return () =>
    new Promise((resolve, reject) => {
      const next = ready.shift();
      if (next) return resolve(next);
      if (failure) return reject(failure);
      waiting.push({ resolve, reject });
    });
}

async function expect(replies: ReplyReader, code: number): Promise<void> {
  const reply = await replies();
  if (reply.code !== code) throw new Error(`SMTP answered ${reply.code}, expected ${code}`);
}

async function command(socket: TLSSocket, replies: ReplyReader, line: string, code: number): Promise<void> {
  socket.write(`${line}\r\n`);
  await expect(replies, code);
}
