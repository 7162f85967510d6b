import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/accounts';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMember, createMerchant, TestClient, uniqueIp, uniqueMobile } from '../../test/factories';
import { HttpSmsProvider } from './http-sms-provider';
import { SmtpMailProvider } from './smtp-mail-provider';

/*
 * Issue 11, finding 3: real delivery goes through provider adapters chosen by configuration.
 * Each adapter talks to a real local server started here (the network stays closed): an SMTP
 * server (smtp-server) for nodemailer, an HTTP server for the SMS gateway.
 */

interface ReceivedMail {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function close(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('SMTP e-mail through nodemailer', () => {
  const received: ReceivedMail[] = [];
  let smtp: SMTPServer;
  let port: number;

  beforeAll(async () => {
    smtp = new SMTPServer({
      logger: false,
      authMethods: ['PLAIN', 'LOGIN'],
      // A plain local relay: no STARTTLS to offer, so AUTH goes over the loopback connection.
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'relay-secret') return callback(null, { user: auth.username });
        return callback(new Error('Invalid username or password'));
      },
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@refused.example'))
          return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
        return callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const from = session.envelope.mailFrom;
          received.push({
            from: from ? from.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    port = await listen(smtp.server);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  afterEach(() => {
    received.length = 0;
  });

  const relay = (credentials = 'mailer:relay-secret') =>
    new SmtpMailProvider(`smtp://${credentials}@127.0.0.1:${port}`, 'Kismat <no-reply@kismat.test>', { timeoutMs: 5000 });

  it('authenticates and hands the relay one message for the member', async () => {
    await relay().send({
      merchantId: 1,
      to: 'member@example.com',
      subject: 'Your Kismat verification code',
      text: 'Your Kismat verification code is 123456. It is valid for 5 minutes.',
    });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail).toMatchObject({ from: 'no-reply@kismat.test', to: ['member@example.com'], user: 'mailer' });
    expect(mail?.raw).toMatch(/^From: Kismat <no-reply@kismat\.test>$/m);
    expect(mail?.raw).toMatch(/^To: member@example\.com$/m);
    expect(mail?.raw).toMatch(/^Subject: Your Kismat verification code$/m);
    expect(mail?.raw).toContain('Your Kismat verification code is 123456.');
  });

  it('encodes a Bengali subject and cannot be made to add a recipient through it', async () => {
    await relay().send({
      merchantId: 1,
      to: 'member@example.com',
      subject: 'Kismat যাচাইকরণ কোড\r\nBcc: thief@evil.example',
      text: 'কোড 123456',
    });
    const [mail] = received;
    expect(mail?.to).toEqual(['member@example.com']);
    expect(mail?.raw).not.toMatch(/^Bcc:/im);
    expect(mail?.raw).toMatch(/^Subject: =\?UTF-8\?/m);
  });

  it('rejects when the relay refuses the recipient or the credentials', async () => {
    await expect(relay().send({ merchantId: 1, to: 'nobody@refused.example', subject: 's', text: 't' })).rejects.toThrow(
      /550|No such mailbox/,
    );
    await expect(relay('mailer:wrong').send({ merchantId: 1, to: 'member@example.com', subject: 's', text: 't' })).rejects.toThrow();
    expect(received).toEqual([]);
  });

  it('gives up on a relay that never greets, within its timeout', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    const silentPort = await listen(silent);
    try {
      const started = Date.now();
      const provider = new SmtpMailProvider(`smtp://127.0.0.1:${silentPort}`, 'no-reply@kismat.test', { timeoutMs: 300 });
      await expect(provider.send({ merchantId: 1, to: 'member@example.com', subject: 's', text: 't' })).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await close(silent);
    }
  });
});

interface GatewayRequest {
  method: string | undefined;
  url: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A local SMS gateway: records each request and answers as `answer` says. */
function startGateway(answer: (request: GatewayRequest) => { status: number; body: unknown } | 'hang') {
  const requests: GatewayRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded = {
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
      };
      requests.push(recorded);
      const reply = answer(recorded);
      if (reply === 'hang') return;
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  return { server, requests, url: async () => `http://127.0.0.1:${await listen(server)}/sms/2/text/advanced` };
}

const accepted = { status: 200, body: { messages: [{ messageId: 'm1', status: { groupName: 'PENDING', name: 'PENDING_ENROUTE' } }] } };

describe('HTTP SMS gateway', () => {
  it('posts the message with the bearer token, the sender id and the number without its plus', async () => {
    const gateway = startGateway(() => accepted);
    try {
      const provider = new HttpSmsProvider({ url: await gateway.url(), token: 'sms-token-1', sender: 'KISMAT' });
      await provider.send({ merchantId: 1, to: '+8801712345678', text: 'Your Kismat verification code is 123456.' });
      expect(gateway.requests).toHaveLength(1);
      const [request] = gateway.requests;
      expect(request).toMatchObject({ method: 'POST', url: '/sms/2/text/advanced' });
      expect(request?.headers.authorization).toBe('Bearer sms-token-1');
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.body).toEqual({
        messages: [
          {
            from: 'KISMAT',
            destinations: [{ to: '8801712345678', messageId: expect.stringMatching(/^[0-9a-f-]{36}$/) }],
            text: 'Your Kismat verification code is 123456.',
            validityPeriod: 10,
          },
        ],
      });
    } finally {
      await close(gateway.server);
    }
  });

  it('rejects an error status and a rejected message, without the message in the error', async () => {
    let reply: { status: number; body: unknown } = { status: 503, body: { requestError: { text: 'busy; echo 123456' } } };
    const gateway = startGateway(() => reply);
    try {
      const provider = new HttpSmsProvider({ url: await gateway.url(), token: 't', sender: 'KISMAT' });
      const refused = provider.send({ merchantId: 1, to: '+8801712345678', text: 'code 123456' });
      await expect(refused).rejects.toThrow('SMS gateway answered 503');
      reply = { status: 200, body: { messages: [{ status: { groupName: 'REJECTED', name: 'REJECTED_DESTINATION' } }] } };
      await expect(provider.send({ merchantId: 1, to: '+8801712345678', text: 'code 123456' })).rejects.toThrow(
        'SMS gateway rejected the message',
      );
    } finally {
      await close(gateway.server);
    }
  });

  it('gives up on a gateway that does not answer, within its timeout', async () => {
    const gateway = startGateway(() => 'hang');
    try {
      const provider = new HttpSmsProvider({ url: await gateway.url(), token: 't', sender: 'KISMAT', timeoutMs: 300 });
      const started = Date.now();
      await expect(provider.send({ merchantId: 1, to: '+8801712345678', text: 'x' })).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      gateway.server.closeAllConnections();
      await close(gateway.server);
    }
  });
});

describe('SMS_PROVIDER=http chosen by configuration', () => {
  let t: TestApp;
  let gatewayStatus = 200;
  const gateway = startGateway(() => (gatewayStatus === 200 ? accepted : { status: gatewayStatus, body: {} }));

  beforeAll(async () => {
    t = await buildTestApp({ config: { SMS_PROVIDER: 'http', SMS_HTTP_URL: await gateway.url(), SMS_HTTP_TOKEN: 'configured-token' } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await close(gateway.server);
  });

  it('sends a member’s login code to the gateway, not to the outbox, and the code logs the member in', async () => {
    const shop = await createMerchant(t.app.db);
    const client = new TestClient(t.app, shop.host);
    const mobile = uniqueMobile();
    await createMember(t.app.db, shop.merchant.id, { mobile: { dialingCode: '+880', national: mobile.national } });
    const ip = uniqueIp();
    const sent = await client.call('POST', '/wps/session/loginCode', {
      body: { countryDialingCode: '+880', mobileNo: mobile.national },
      ip,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const delivered = gateway.requests.at(-1);
    expect(delivered?.headers.authorization).toBe('Bearer configured-token');
    if (!delivered) throw new Error('nothing reached the gateway');
    const message = (delivered.body as { messages: Array<{ destinations: Array<{ to: string }>; text: string }> }).messages[0];
    expect(message?.destinations[0]?.to).toBe(mobile.e164.slice(1));
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await t.app.db.select().from(outboxMessages)).toEqual([]);

    const login = await client.call('POST', '/wps/session/login', {
      body: { type: 'sms', username: mobile.national, countryDialingCode: '+880', password: code },
      ip,
    });
    expect(login.json().code, login.body).toBe('OK');
  });

  it('answers SMS_SEND_FAILED when the gateway fails', async () => {
    gatewayStatus = 500;
    const shop = await createMerchant(t.app.db);
    const client = new TestClient(t.app, shop.host);
    const mobile = uniqueMobile();
    await createMember(t.app.db, shop.merchant.id, { mobile: { dialingCode: '+880', national: mobile.national } });
    const sent = await client.call('POST', '/wps/verification/sms/noLogin', {
      body: { countryDialingCode: '+880', mobileNo: mobile.national },
      ip: uniqueIp(),
    });
    expect(sent.json().code).toBe('SMS_SEND_FAILED');
  });
});
