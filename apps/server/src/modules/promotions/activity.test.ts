import { activityApplicationResponse, OPERATOR_PROMOTION_KIND_PATHS, PROMOTION_KIND_PATHS } from '@kismat/contracts/promotion-kinds';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../db/schema/operators';
import { activityApplications } from '../../db/schema/promotion-campaigns';
import type { TestApp } from '../../test/build-test-app';
import { type TestMerchant, uniqueSuffix } from '../../test/factories';
import { expectLedgerClean, insertPromotion, memberWithSession } from '../../test/promotion-campaigns-test-kit';
import { useShop } from '../../test/shop-fixture';
import { getMemberBalances } from '../wallet/get-member-balances';

const ROOT = 'activity-root-operator-token-0123456789';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, 7)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(256, 9)]);

/** A multipart form: the comment field and image files (name, bytes). */
function form(comment: string | null, files: { name: string; bytes: Buffer; type?: string }[]) {
  const boundary = `----b${uniqueSuffix(8)}`;
  const parts: Buffer[] = [];
  if (comment !== null) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="comment"\r\n\r\n${comment}\r\n`));
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('activity applications: apply with comment and images, operator approves once or rejects with a reason', () => {
  let t: TestApp;
  let shop: TestMerchant;
  let promotionId: number;
  useShop(
    async (fixture) => {
      ({ t, shop } = fixture);
      promotionId = (
        await insertPromotion(t.app.db, shop.merchant.id, {
          kind: 'ACTIVITY',
          claimMode: 'APPLICATION',
          reward: { kind: 'FIXED', amount: '13100' },
          perMemberLimit: 10,
          config: { minAmount: '10', maxAmount: '500' },
        })
      ).id;
    },
    { config: { OPERATOR_TOKEN: ROOT } },
  );

  async function apply(token: string, body: ReturnType<typeof form>, language = 'EN') {
    return t.app.inject({
      method: 'POST',
      url: PROMOTION_KIND_PATHS.activityApply.replace(':promotionId', String(promotionId)),
      payload: body.payload,
      headers: { 'content-type': body.contentType, host: shop.host, authorization: `Bearer ${token}`, language },
    });
  }
  const operator = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { host: shop.host, authorization: `Bearer ${ROOT}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  it('refuses bad input before storing anything: long comment, a gif named .png, four images, a file over 5 MB', async () => {
    const alice = await memberWithSession(t.app, shop);
    expect((await apply(alice.token, form('x'.repeat(141), [{ name: 'a.png', bytes: PNG }]))).json().code).toBe('VALIDATION_FAILED');
    expect((await apply(alice.token, form('bad\u001b[31m', []))).json().code).toBe('VALIDATION_FAILED');
    // 140 characters of Bangla (more bytes than characters) is within the limit.
    const longest = await apply(alice.token, form('অ'.repeat(140), []));
    expect(longest.json().value).toMatchObject({ status: 'APPLYING' });
    await t.app.db.delete(activityApplications).where(eq(activityApplications.id, longest.json().value.id));
    const gif = await apply(alice.token, form('ok', [{ name: 'a.png', bytes: Buffer.from('GIF89a........') }]), 'BN');
    expect(gif.json()).toMatchObject({ code: 'ACTIVITY_IMAGE_INVALID', message: 'ছবি শুধু png বা jpg, প্রতিটি সর্বোচ্চ 5 MB, সর্বোচ্চ 3টি' });
    const four = Array.from({ length: 4 }, (_, index) => ({ name: `${index}.png`, bytes: PNG }));
    expect((await apply(alice.token, form('ok', four))).json().code).toBe('ACTIVITY_IMAGE_INVALID');
    const huge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 1)]);
    expect((await apply(alice.token, form('ok', [{ name: 'big.png', bytes: huge }]))).json().code).toBe('ACTIVITY_IMAGE_INVALID');
    const rows = await t.app.db.select().from(activityApplications).where(eq(activityApplications.memberId, alice.member.id));
    expect(rows).toHaveLength(0);
  });

  it('applies (Applying), approves once under a double approve (Issued, paid once), and rejects with the reason shown', async () => {
    const alice = await memberWithSession(t.app, shop);
    const comment = 'আমি জালো পুরস্কার চাই — screenshot attached';
    const applied = await apply(
      alice.token,
      form(comment, [
        { name: 'a.png', bytes: PNG },
        { name: 'b.jpg', bytes: JPG, type: 'image/jpeg' },
      ]),
    );
    expect(applied.statusCode, applied.body).toBe(200);
    const application = activityApplicationResponse.parse(applied.json()).value;
    expect(application).toMatchObject({ status: 'APPLYING', comment, imageCount: 2, amount: null });
    expect((await apply(alice.token, form('again', []))).json().code).toBe('ACTIVITY_APPLICATION_PENDING');

    const image = await t.app.inject({
      url: PROMOTION_KIND_PATHS.activityImage.replace(':id', String(application.id)).replace(':index', '1'),
      headers: { host: shop.host, authorization: `Bearer ${alice.token}` },
    });
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(JPG)).toBe(true);
    const bob = await memberWithSession(t.app, shop);
    const notHis = await t.app.inject({
      url: PROMOTION_KIND_PATHS.activityImage.replace(':id', String(application.id)).replace(':index', '0'),
      headers: { host: shop.host, authorization: `Bearer ${bob.token}` },
    });
    expect(notHis.statusCode).toBe(404);

    const queue = (await operator('GET', OPERATOR_PROMOTION_KIND_PATHS.applications)).json().value;
    expect(queue.list.map((row: { id: number }) => row.id)).toContain(application.id);
    const approveUrl = OPERATOR_PROMOTION_KIND_PATHS.applicationApprove.replace(':id', String(application.id));
    expect((await operator('POST', approveUrl, { amount: '501' })).json()).toMatchObject({
      code: 'CAMPAIGN_AMOUNT_OUT_OF_RULE',
      value: { min: '10.00', max: '500.00' },
    });
    const [first, second] = await Promise.all([
      operator('POST', approveUrl, { amount: '131' }),
      operator('POST', approveUrl, { amount: '131' }),
    ]);
    expect(first.json().value).toMatchObject({ status: 'ISSUED', amount: '131.00' });
    expect(second.json().value).toMatchObject({ status: 'ISSUED', amount: '131.00' });
    expect((await getMemberBalances(t.app.db, { merchantId: shop.merchant.id, memberId: alice.member.id })).cash).toBe(131_00n);
    const rejectIssued = await operator('POST', OPERATOR_PROMOTION_KIND_PATHS.applicationReject.replace(':id', String(application.id)), {
      reason: 'too late',
    });
    expect(rejectIssued.json().code).toBe('CAMPAIGN_ALREADY_REVIEWED');

    // A second application, rejected: nothing paid, the reason shown to the member.
    const second2 = activityApplicationResponse.parse((await apply(alice.token, form('second try', []))).json()).value;
    const rejected = await operator('POST', OPERATOR_PROMOTION_KIND_PATHS.applicationReject.replace(':id', String(second2.id)), {
      reason: 'The screenshot does not show the win',
    });
    expect(rejected.json().value).toMatchObject({ status: 'REJECTED', rejectReason: 'The screenshot does not show the win' });
    const mine = (
      await t.app.inject({
        url: PROMOTION_KIND_PATHS.activityApplications,
        headers: { host: shop.host, authorization: `Bearer ${alice.token}` },
      })
    ).json().value.list;
    expect(mine.map((row: { status: string; rejectReason: string | null }) => [row.status, row.rejectReason])).toEqual([
      ['REJECTED', 'The screenshot does not show the win'],
      ['ISSUED', null],
    ]);
    expect((await getMemberBalances(t.app.db, { merchantId: shop.merchant.id, memberId: alice.member.id })).cash).toBe(131_00n);

    const audit = await t.app.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.targetType, 'activity_application'));
    expect(audit.map((row) => row.action).sort()).toEqual(['promotion.application_approved', 'promotion.application_rejected']);
    await expectLedgerClean(t.app.db);
  });
});
