import { describe, expect, it } from 'vitest';
import { isPaymentSandboxOn, loadConfig, testConfig } from './config';
import { checkMessageDelivery } from './platform/outbox/check-message-delivery';

describe('HOST (issue 11, finding 21)', () => {
  it('keeps the demo on this machine unless HOST says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ SEED_DEMO: '1' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('listens on every interface for a site without the demo (behind its load balancer)', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });
});

describe('PAYMENT_SANDBOX (issue 11, finding 1)', () => {
  it('is on with the demo data unless turned off, and off without it', () => {
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).PAYMENT_SANDBOX).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', PAYMENT_SANDBOX: 'false' }).PAYMENT_SANDBOX).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).PAYMENT_SANDBOX).toBe(false);
    // NODE_ENV left unset is no demo: a forgotten variable must not turn the sandbox on.
    const unset = loadConfig({});
    expect(unset.SEED_DEMO).toBe(false);
    expect(isPaymentSandboxOn(unset)).toBe(false);
  });

  it('refuses to start with the sandbox asked for on a site without the demo data', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'true' })).toThrow(/PAYMENT_SANDBOX: .*SEED_DEMO=true/);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false', PAYMENT_SANDBOX: '1' })).toThrow(/Invalid configuration/);
  });

  it('needs both settings even where a config skips loadConfig', () => {
    expect(isPaymentSandboxOn(testConfig({ PAYMENT_SANDBOX: true }))).toBe(false);
    expect(isPaymentSandboxOn(testConfig({ SEED_DEMO: true, PAYMENT_SANDBOX: false }))).toBe(false);
    expect(isPaymentSandboxOn(testConfig({ SEED_DEMO: true, PAYMENT_SANDBOX: true }))).toBe(true);
  });
});

describe('message delivery at start (issue 11, finding 3)', () => {
  it('refuses a production site that would keep codes in the outbox by default', () => {
    const check = checkMessageDelivery(loadConfig({ NODE_ENV: 'production' }));
    expect(check.problems).toHaveLength(2);
    expect(check.problems[0]).toMatch(/^SMS_PROVIDER is unset/);
    expect(check.problems[1]).toMatch(/^MAIL_PROVIDER is unset/);
  });

  it('starts a production site with real providers, and says it loudly when the outbox was chosen', () => {
    const real = loadConfig({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example.com/sms/2/text/advanced',
      MAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
    });
    expect(checkMessageDelivery(real)).toEqual({ problems: [], warnings: [] });
    const chosen = checkMessageDelivery(loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'outbox', MAIL_PROVIDER: 'outbox' }));
    expect(chosen.problems).toEqual([]);
    expect(chosen.warnings).toHaveLength(2);
  });

  it('keeps the outbox for the demo, development and tests without a word', () => {
    for (const env of [{ NODE_ENV: 'production', SEED_DEMO: 'true' }, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }] as const) {
      expect(checkMessageDelivery(loadConfig(env))).toEqual({ problems: [], warnings: [] });
    }
  });

  it('names a provider that lacks its address', () => {
    expect(checkMessageDelivery(loadConfig({ SMS_PROVIDER: 'http', MAIL_PROVIDER: 'smtp' })).problems).toEqual([
      'SMS_PROVIDER=http needs SMS_HTTP_URL',
      'MAIL_PROVIDER=smtp needs SMTP_URL',
    ]);
  });
});
