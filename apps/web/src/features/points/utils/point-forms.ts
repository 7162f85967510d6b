import { convertPointBody, type MallItem, redeemPointRewardBody } from '@kismat/contracts/points';
import { z } from 'zod';

/**
 * The redeem and convert forms: the contract's body schemas (the ones the server runs) with the
 * typed text read as whole numbers, and the limits the member can see checked before a request.
 */

/** Whole points typed by the member ("1,000" and Bengali digits already latinised by the field). */
function wholeNumber(text: string): number | null {
  const trimmed = text.trim().replaceAll(',', '');
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The contract's most items a redemption takes (redeemPointRewardBody.quantity). */
export const MAX_QUANTITY = 100;

export interface RedeemLimits {
  item: Pick<MallItem, 'kind' | 'points' | 'stock' | 'remainingForMember'>;
  balance: number;
}

/** The most of `item` the member may take now: stock, own limit, points, and the contract's 100. */
export function maxQuantity({ item, balance }: RedeemLimits): number {
  const byPoints = item.points > 0 ? Math.floor(balance / item.points) : 0;
  const limits = [item.stock, byPoints, MAX_QUANTITY];
  if (item.remainingForMember !== null) limits.push(item.remainingForMember);
  return Math.max(0, Math.min(...limits));
}

export function redeemFormSchema(limits: RedeemLimits, messages: { quantity: string; address: string }) {
  const most = maxQuantity(limits);
  const address = redeemPointRewardBody.shape.receivingAddress.unwrap();
  // Goods are shipped: the address is required and must be one the server accepts; checked on
  // the field itself, so its message shows beside a wrong quantity's rather than after it.
  const receivingAddress =
    limits.item.kind === 'GOODS' ? z.string().refine((text) => address.safeParse(text).success, { message: messages.address }) : z.string();
  return z.object({
    quantity: z.string().transform((text, context) => {
      const value = wholeNumber(text);
      if (value === null || value < 1 || value > most) {
        context.addIssue({ code: 'custom', message: messages.quantity });
        return z.NEVER;
      }
      return value;
    }),
    receivingAddress,
    paymentPassword: redeemPointRewardBody.shape.paymentPassword,
  });
}

export interface ConvertLimits {
  balance: number;
  minPoints: number;
  /** Points per conversion unit: only whole units convert. */
  unitPoints: number;
}

export function convertFormSchema(limits: ConvertLimits, message: string) {
  return z.object({
    points: z.string().transform((text, context) => {
      const value = wholeNumber(text);
      const fits =
        value !== null &&
        convertPointBody.shape.points.safeParse(value).success &&
        value >= limits.minPoints &&
        value <= limits.balance &&
        value % limits.unitPoints === 0;
      if (!fits) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value as number;
    }),
    paymentPassword: convertPointBody.shape.paymentPassword,
  });
}

/** Cash for `points` at `unitPoints` points per `unitAmount` (a money string), in minor units. */
export function cashForPoints(points: number, unitPoints: number, unitAmountMinor: bigint): bigint {
  if (unitPoints <= 0) return 0n;
  return (BigInt(points) / BigInt(unitPoints)) * unitAmountMinor;
}
