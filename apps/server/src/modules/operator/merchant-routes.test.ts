import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { useTestApp } from '../../test/shop-fixture';

const TOKEN = 'operator-token-for-tests-0123456789';

describe('operator merchant controls', () => {
  let t: TestApp;
  useTestApp(
    (built) => {
      t = built;
    },
    { config: { OPERATOR_TOKEN: TOKEN } },
  );

  const asOperator = { authorization: `Bearer ${TOKEN}` };
  const status = async () => (await t.app.inject({ method: 'GET', url: '/wps/system/status' })).json().value;

  it('refuses calls without the operator token, or with a wrong one, and changes nothing', async () => {
    const none = await t.app.inject({ method: 'PUT', url: '/admin-api/merchants/KISMAT/maintenance', payload: { on: true } });
    expect(none.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/admin-api/merchants/KISMAT/maintenance',
      headers: { authorization: 'Bearer not-the-operator-token-000000' },
      payload: { on: true },
    });
    expect(wrong.statusCode).toBe(403);
    expect((await status()).status).toBe(0);
  });

  it('switches maintenance on with an end time and off again', async () => {
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const on = await t.app.inject({
      method: 'PUT',
      url: '/admin-api/merchants/KISMAT/maintenance',
      headers: asOperator,
      payload: { on: true, end },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().value).toMatchObject({ isMaintenance: true, maintenanceEnd: end });
    expect(await status()).toMatchObject({ status: 1, maintenanceEnd: end });
    await t.app.inject({ method: 'PUT', url: '/admin-api/merchants/KISMAT/maintenance', headers: asOperator, payload: { on: false } });
    expect((await status()).status).toBe(0);
  });

  it('blocks the caller by CIDR and lets the allow list win', async () => {
    const block = await t.app.inject({
      method: 'PUT',
      url: '/admin-api/merchants/KISMAT/region',
      headers: asOperator,
      payload: { ipBlockList: ['127.0.0.0/8'] },
    });
    expect(block.statusCode).toBe(200);
    expect((await status()).status).toBe(2);
    await t.app.inject({
      method: 'PUT',
      url: '/admin-api/merchants/KISMAT/region',
      headers: asOperator,
      payload: { ipAllowList: ['127.0.0.1'] },
    });
    expect((await status()).status).toBe(0);
    await t.app.inject({
      method: 'PUT',
      url: '/admin-api/merchants/KISMAT/region',
      headers: asOperator,
      payload: { ipAllowList: [], ipBlockList: [] },
    });
  });

  it('refuses a malformed CIDR as a whole', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/admin-api/merchants/KISMAT/region',
      headers: asOperator,
      payload: { ipBlockList: ['10.0.0.0/8', 'not-an-ip'] },
    });
    expect(response.statusCode).toBe(422);
    const merchant = await t.app.inject({ method: 'GET', url: '/admin-api/merchants/KISMAT', headers: asOperator });
    expect(merchant.json().value.ipBlockList).toEqual([]);
  });

  it('switches a feature flag and the whitelabel call shows it', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' })).json().value.flags.MOBILENUMREG3;
    await t.app.inject({
      method: 'PUT',
      url: '/admin-api/merchants/KISMAT/flags/MOBILENUMREG3',
      headers: asOperator,
      payload: { on: !before },
    });
    const after = (await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' })).json().value.flags.MOBILENUMREG3;
    expect(after).toBe(!before);
  });

  it('answers 404 for an unknown merchant', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin-api/merchants/NOPE', headers: asOperator });
    expect(response.statusCode).toBe(404);
  });

  it('changes a registration rule and the register settings show it; an impossible rule is refused', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/admin-api/merchants/KISMAT/registration-rules/captcha',
      headers: asOperator,
      payload: { required: false, shown: false },
    });
    expect(response.statusCode).toBe(200);
    const settings = (await t.app.inject({ method: 'GET', url: '/wps/system/setting/register' })).json().value.fields;
    expect(settings.find((rule: { field: string }) => rule.field === 'captcha')).toMatchObject({ shown: false, required: false });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/admin-api/merchants/KISMAT/registration-rules/username',
      headers: asOperator,
      payload: { minLength: 20, maxLength: 5 },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('lists the merchants and reads the registration rules the edit changed', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/admin-api/merchants', headers: asOperator });
    expect(list.statusCode).toBe(200);
    expect(list.json().value.list).toContainEqual(expect.objectContaining({ code: 'KISMAT', isMaintenance: false }));
    await t.app.inject({
      method: 'PUT',
      url: '/admin-api/merchants/KISMAT/registration-rules/email',
      headers: asOperator,
      payload: { shown: true, required: true },
    });
    const rules = await t.app.inject({ method: 'GET', url: '/admin-api/merchants/KISMAT/registration-rules', headers: asOperator });
    expect(rules.statusCode).toBe(200);
    expect(rules.json().value.fields.find((rule: { field: string }) => rule.field === 'email')).toMatchObject({
      shown: true,
      required: true,
    });
    const missing = await t.app.inject({ method: 'GET', url: '/admin-api/merchants/NOPE/registration-rules', headers: asOperator });
    expect(missing.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: '/admin-api/merchants' });
    expect(anonymous.statusCode).toBe(401);
  });
});
