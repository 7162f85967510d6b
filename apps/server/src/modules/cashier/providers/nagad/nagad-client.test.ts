import { describe, expect, it } from 'vitest';
import { FakeNagad, generateRsaKeyPair } from './fake-nagad';
import { NagadClient, NagadError } from './nagad-client';
import {
  decryptSensitiveData,
  encryptSensitiveData,
  nagadDateTime,
  parseNagadDateTime,
  signSensitiveData,
  verifySensitiveData,
} from './nagad-crypto';

function setUp() {
  const fake = new FakeNagad();
  const ours = generateRsaKeyPair();
  fake.registerMerchant('683002007104225', ours.publicKeyPem, '01711428036');
  const client = new NagadClient({
    credentials: {
      baseUrl: fake.baseUrl,
      merchantId: '683002007104225',
      merchantNumber: '01711428036',
      merchantPrivateKeyPem: ours.privateKeyPem,
      nagadPublicKeyPem: fake.publicKeyPem,
    },
    transport: fake.fetch,
    timeoutMs: 1000,
  });
  return { fake, ours, client };
}

describe('Nagad envelope (RSA PKCS#1 v1.5 + SHA256withRSA)', () => {
  it('round-trips, and refuses a tampered ciphertext or signature', () => {
    const keys = generateRsaKeyPair();
    const plaintext = JSON.stringify({ merchantId: '683002007104225', orderId: 'KSM1', challenge: 'abc' });
    const sealed = encryptSensitiveData(keys.publicKeyPem, plaintext);
    expect(decryptSensitiveData(keys.privateKeyPem, sealed)).toBe(plaintext);
    const bytes = Buffer.from(sealed, 'base64');
    bytes[10] = (bytes[10] ?? 0) ^ 0xff;
    expect(decryptSensitiveData(keys.privateKeyPem, bytes.toString('base64'))).not.toBe(plaintext);
    const signature = signSensitiveData(keys.privateKeyPem, plaintext);
    expect(verifySensitiveData(keys.publicKeyPem, plaintext, signature)).toBe(true);
    expect(verifySensitiveData(keys.publicKeyPem, `${plaintext} `, signature)).toBe(false);
    expect(verifySensitiveData(generateRsaKeyPair().publicKeyPem, plaintext, signature)).toBe(false);
  });

  it('writes and reads Dhaka datetimes (yyyyMMddHHmmss, UTC+6)', () => {
    const at = new Date('2026-11-26T20:30:05Z');
    expect(nagadDateTime(at)).toBe('20261127023005');
    expect(parseNagadDateTime('20261127023005')?.toISOString()).toBe(at.toISOString());
  });
});

describe('NagadClient against the local fake', () => {
  it('initialize -> complete -> checkout -> verify, with the published headers', async () => {
    const { fake, client } = setUp();
    const init = await client.initialize('KSM42');
    expect(init.paymentReferenceId).toMatch(/^\d{14}[0-9A-F]{16}$/);
    const { callBackUrl } = await client.complete({
      paymentReferenceId: init.paymentReferenceId,
      orderId: 'KSM42',
      amount: 5055n,
      challenge: init.challenge,
      callbackUrl: 'https://kismat.example/payment-callback/nagad',
    });
    expect(callBackUrl).toContain(`/fake-checkout/${init.paymentReferenceId}`);
    expect((await client.verify(init.paymentReferenceId)).status).toBe('Ready');
    const redirect = new URL(fake.pay(init.paymentReferenceId, 'Success'));
    expect(redirect.searchParams.get('payment_ref_id')).toBe(init.paymentReferenceId);
    expect(redirect.searchParams.get('status')).toBe('Success');
    const verified = await client.verify(init.paymentReferenceId);
    expect(verified).toMatchObject({ status: 'Success', amount: '50.55', orderId: 'KSM42' });
    expect(fake.requests[0]?.headers['x-km-api-version']).toBe('v-0.2.0');
    expect(fake.requests[0]?.path).toBe('/api/dfs/check-out/initialize/683002007104225/KSM42');
  });

  it('refuses an answer signed by someone other than Nagad', async () => {
    const { fake, client } = setUp();
    fake.isSigningWithWrongKey = true;
    await expect(client.initialize('KSM43')).rejects.toMatchObject({ failure: 'bad_signature' });
  });

  it('Nagad refuses a request we did not sign with the registered key, and a reused order id', async () => {
    const { fake, client } = setUp();
    fake.registerMerchant('683002007104225', generateRsaKeyPair().publicKeyPem, '01711428036');
    await expect(client.initialize('KSM44')).rejects.toMatchObject({ failure: 'refused', reason: 'InvalidSignature' });
    const again = setUp();
    await again.client.initialize('KSM45');
    const error = await again.client.initialize('KSM45').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NagadError);
    expect(error).toMatchObject({ failure: 'refused', reason: 'DuplicateOrderId' });
  });

  it('reports a timeout as unreachable', async () => {
    const { fake, client } = setUp();
    fake.isUnreachable = true;
    await expect(client.verify('X')).rejects.toMatchObject({ failure: 'unreachable' });
  });

  it('disburses (assumed API), fails a bad wallet, and a reversal shows in the status and the signed statement', async () => {
    const { fake, client } = setUp();
    const paid = await client.disburse({ disbursementId: 'W1', recipientAccount: '01711000001', amount: 10_000n });
    expect(paid.status).toBe('Success');
    const again = await client.disburse({ disbursementId: 'W1', recipientAccount: '01711000001', amount: 10_000n });
    expect(again.disbursementReferenceId).toBe(paid.disbursementReferenceId);
    fake.failPayoutsTo.add('01711000002');
    expect((await client.disburse({ disbursementId: 'W2', recipientAccount: '01711000002', amount: 500n })).status).toBe('Failed');
    fake.reverseDisbursement(paid.disbursementReferenceId);
    expect((await client.disbursementStatus(paid.disbursementReferenceId)).status).toBe('Reversed');
    const csv = await client.statement(new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10));
    expect(csv).toContain(`DISBURSEMENT,W1,${paid.disbursementReferenceId},,100.00,Reversed`);
    fake.isSigningWithWrongKey = true;
    await expect(client.statement('2026-01-01')).rejects.toMatchObject({ failure: 'bad_signature' });
  });
});
