import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestClient, type TestMerchant, uniqueSuffix } from '../../test/factories';
import { useShop } from '../../test/shop-fixture';
import { verifyLedger } from '../wallet/verify-ledger';

/*
 * Issue 11, finding 12: a replayed operator adjustment (same idempotency key) answered the
 * balanceAfter of the ADJUSTMENT system account (-2903.00) instead of the member's (368.00).
 * A replay must answer exactly what the first call answered, apart from isReplay.
 */

const ROOT_TOKEN = 'operator-token-for-adjustment-replay-tests';

let t: TestApp;
let site: TestMerchant;
let client: TestClient;

useShop(
  (fixture) => {
    ({ t, shop: site, client } = fixture);
  },
  { config: { OPERATOR_TOKEN: ROOT_TOKEN } },
);

const adjust = (body: Record<string, unknown>) =>
  client.call('POST', '/admin-api/wallet/adjustments', { headers: { authorization: `Bearer ${ROOT_TOKEN}` }, body });

describe('operator adjustment replay', () => {
  it('answers the member balanceAfter of the first answer, for a credit and a debit', async () => {
    const { member } = await createMember(t.app.db, site.merchant.id);
    // Other members' credits drive the system account far below zero, as on a live site.
    for (let index = 0; index < 2; index += 1) {
      const other = await createMember(t.app.db, site.merchant.id);
      const credited = await adjust({
        memberId: other.member.id,
        account: 'cash',
        amount: '1000.00',
        reason: 'Opening balance',
        idempotencyKey: `adj-${uniqueSuffix(10)}`,
      });
      expect(credited.statusCode, credited.body).toBe(200);
    }
    for (const [amount, balanceAfter] of [
      ['368.00', '368.00'],
      ['-68.00', '300.00'],
    ] as const) {
      const body = {
        memberId: member.id,
        account: 'cash',
        amount,
        reason: 'Goodwill correction',
        idempotencyKey: `adj-${uniqueSuffix(10)}`,
      };
      const first = await adjust(body);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().value).toMatchObject({ balanceAfter, isReplay: false });
      const replay = await adjust(body);
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json().value).toEqual({ ...first.json().value, isReplay: true });
    }
    const verdict = await verifyLedger(t.app.db);
    expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
  });
});
