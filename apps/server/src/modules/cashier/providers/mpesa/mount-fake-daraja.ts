import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { FakeDaraja } from './fake-daraja';
import { MPESA_DEMO_ENV } from './seed-mpesa-channel';

/** The FAKE Daraja's demo credentials: published like the demo accounts' passwords, worthless anywhere else. */
const DEMO_APP = {
  consumerKey: 'demo-mpesa-consumer-key',
  consumerSecret: 'demo-mpesa-consumer-secret',
  shortCode: '174379',
  passkey: 'demo-passkey-of-the-fake-daraja-only',
  initiatorName: 'testapi',
  initiatorPassword: 'Demo-Initiator-1',
};

/**
 * Posts a callback to this same server. A callback URL on a loopback name (`localhost`,
 * `ke.localhost`, `127.0.0.1`) is this demo server, whatever scheme and port the merchant's
 * configured origin says (https://ke.localhost for a payout started by an operator): it is sent
 * over plain HTTP to this process's port with the Host kept, since not every resolver maps
 * `*.localhost`.
 */
function localDeliverer(ownPort: number): (url: string, body: unknown) => Promise<void> {
  return (url, body) => {
    const target = new URL(url);
    const isLoopbackName = target.hostname === 'localhost' || target.hostname.endsWith('.localhost') || target.hostname === '127.0.0.1';
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const call = httpRequest(
        {
          hostname: isLoopbackName ? '127.0.0.1' : target.hostname,
          port: isLoopbackName ? ownPort : target.port || 80,
          path: `${target.pathname}${target.search}`,
          method: 'POST',
          headers: { host: target.host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
          timeout: 10_000,
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve());
        },
      );
      call.on('error', reject);
      call.on('timeout', () => call.destroy(new Error('callback timed out')));
      call.end(payload);
    });
  };
}

/**
 * A demo with the payment sandbox mounts the FAKE Daraja at /fake-daraja on this server (the M-Pesa
 * channel the demo seeds points there) and puts its credentials into the environment variables the
 * channel names. B2C payouts succeed by themselves a moment later, as
 * Safaricom's sandbox does; the phone API (/fake-daraja/phone/...) accepts or refuses prompts.
 */
export function mountFakeDaraja(app: FastifyInstance, env: Record<string, string | undefined> = process.env): FakeDaraja {
  const fake = new FakeDaraja(DEMO_APP, localDeliverer(app.config.PORT), { autoPayout: true });
  const values: Record<keyof typeof MPESA_DEMO_ENV, string> = {
    consumerKeyEnv: DEMO_APP.consumerKey,
    consumerSecretEnv: DEMO_APP.consumerSecret,
    passkeyEnv: DEMO_APP.passkey,
    initiatorPasswordEnv: DEMO_APP.initiatorPassword,
    certificateEnv: fake.certificatePem,
    callbackSecretEnv: 'demo-callback-secret-of-the-fake-daraja',
  };
  // Always the fake's: the channel the demo seeds talks to this fake, whose key pair is made at start.
  for (const [key, name] of Object.entries(MPESA_DEMO_ENV) as Array<[keyof typeof MPESA_DEMO_ENV, string]>) env[name] = values[key];
  fake.register(app);
  return fake;
}
