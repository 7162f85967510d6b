import { describe, expect, it } from 'vitest';
import { cashForPoints, convertFormSchema, MAX_QUANTITY, maxQuantity, redeemFormSchema } from './point-forms';

const MESSAGES = { quantity: 'bad quantity', address: 'bad address' };
const VOUCHER = { kind: 'CASH' as const, points: 500, stock: 3, remainingForMember: null };
const WATCH = { kind: 'GOODS' as const, points: 1000, stock: 10, remainingForMember: 1 };

describe('maxQuantity', () => {
  it('is the smallest of stock, points, own limit and the contract cap', () => {
    expect(maxQuantity({ item: VOUCHER, balance: 10_000 })).toBe(3);
    expect(maxQuantity({ item: VOUCHER, balance: 1_499 })).toBe(2);
    expect(maxQuantity({ item: WATCH, balance: 50_000 })).toBe(1);
    expect(maxQuantity({ item: { ...VOUCHER, points: 1, stock: 1_000 }, balance: 1_000_000 })).toBe(MAX_QUANTITY);
    expect(maxQuantity({ item: { ...VOUCHER, stock: 0 }, balance: 10_000 })).toBe(0);
  });
});

describe('redeemFormSchema', () => {
  it('reads the quantity as a whole number within the limits', () => {
    const schema = redeemFormSchema({ item: VOUCHER, balance: 10_000 }, MESSAGES);
    const ok = schema.safeParse({ quantity: ' 2 ', receivingAddress: '', paymentPassword: 'secret' });
    expect(ok.success && ok.data.quantity).toBe(2);
    for (const quantity of ['0', '4', '1.5', '-1', 'two', '']) {
      const result = schema.safeParse({ quantity, receivingAddress: '', paymentPassword: 'secret' });
      expect(result.success, quantity).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('bad quantity');
    }
  });

  it('needs a receiving address for goods only', () => {
    const goods = redeemFormSchema({ item: WATCH, balance: 5_000 }, MESSAGES);
    const missing = goods.safeParse({ quantity: '1', receivingAddress: '  ', paymentPassword: 'secret' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['receivingAddress']);
    expect(goods.safeParse({ quantity: '1', receivingAddress: 'House 12, Road 5, Dhaka', paymentPassword: 'secret' }).success).toBe(true);
    const cash = redeemFormSchema({ item: VOUCHER, balance: 5_000 }, MESSAGES);
    expect(cash.safeParse({ quantity: '1', receivingAddress: '', paymentPassword: 'secret' }).success).toBe(true);
  });

  it('refuses an empty payment password', () => {
    const schema = redeemFormSchema({ item: VOUCHER, balance: 5_000 }, MESSAGES);
    const result = schema.safeParse({ quantity: '1', receivingAddress: '', paymentPassword: '' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['paymentPassword']);
  });
});

describe('convertFormSchema', () => {
  const schema = convertFormSchema({ balance: 3_000, minPoints: 1_000, unitPoints: 100 }, 'bad points');

  it('takes whole units from the minimum up to the balance', () => {
    const ok = schema.safeParse({ points: '1,500', paymentPassword: 'secret' });
    expect(ok.success && ok.data.points).toBe(1_500);
    expect(schema.safeParse({ points: '3000', paymentPassword: 'secret' }).success).toBe(true);
  });

  it('refuses below the minimum, above the balance, part units and non-numbers', () => {
    for (const points of ['900', '3100', '1550', '0', '1e3', 'abc', '']) {
      const result = schema.safeParse({ points, paymentPassword: 'secret' });
      expect(result.success, points).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('bad points');
    }
  });
});

describe('cashForPoints', () => {
  it('pays whole units only, in minor units', () => {
    expect(cashForPoints(1_550, 100, 100n)).toBe(1_500n);
    expect(cashForPoints(99, 100, 100n)).toBe(0n);
    expect(cashForPoints(100, 0, 100n)).toBe(0n);
  });
});
