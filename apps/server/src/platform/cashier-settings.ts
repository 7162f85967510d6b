import { tryParseAmount } from '@kismat/contracts/wallet';
import type { Merchant } from './merchant';

export interface CashierSettings {
  withdrawMin: bigint;
  withdrawMax: bigint;
  withdrawDailyMaxAmount: bigint;
  withdrawDailyMaxCount: number;
  /** After approval, an unanswered payout counts as received after this many minutes. */
  withdrawConfirmTimeoutMinutes: number;
  /** An online (gateway) deposit order nobody paid closes after this many minutes. */
  onlineDepositExpiryMinutes: number;
  transferMin: bigint;
  transferMax: bigint;
  transferDailyMaxAmount: bigint;
  trialGrant: bigint;
}

const DEFAULTS = {
  withdrawMin: '100.00',
  withdrawMax: '50000.00',
  withdrawDailyMaxAmount: '100000.00',
  withdrawDailyMaxCount: 5,
  withdrawConfirmTimeoutMinutes: 30,
  onlineDepositExpiryMinutes: 30,
  transferMin: '1.00',
  transferMax: '100000.00',
  transferDailyMaxAmount: '500000.00',
  trialGrant: '2000.00',
};

function amountSetting(value: unknown, fallback: string): bigint {
  const parsed = tryParseAmount(value);
  if (parsed.ok) return parsed.value;
  const defaulted = tryParseAmount(fallback);
  return defaulted.ok ? defaulted.value : 0n;
}

function countSetting(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
}

/** Minutes in [1, a day]: an order that expires at once could never be paid, one that never expires blocks its channel. */
function minutesSetting(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 1440 ? value : fallback;
}

/** The merchant's cashier limits from `merchants.settings.cashier` (amounts as "1234.50"), with defaults. */
export function readCashierSettings(merchant: Pick<Merchant, 'settings'>): CashierSettings {
  const raw = (merchant.settings.cashier ?? {}) as Record<string, unknown>;
  return {
    withdrawMin: amountSetting(raw.withdrawMin, DEFAULTS.withdrawMin),
    withdrawMax: amountSetting(raw.withdrawMax, DEFAULTS.withdrawMax),
    withdrawDailyMaxAmount: amountSetting(raw.withdrawDailyMaxAmount, DEFAULTS.withdrawDailyMaxAmount),
    withdrawDailyMaxCount: countSetting(raw.withdrawDailyMaxCount, DEFAULTS.withdrawDailyMaxCount),
    withdrawConfirmTimeoutMinutes: countSetting(raw.withdrawConfirmTimeoutMinutes, DEFAULTS.withdrawConfirmTimeoutMinutes),
    onlineDepositExpiryMinutes: minutesSetting(raw.onlineDepositExpiryMinutes, DEFAULTS.onlineDepositExpiryMinutes),
    transferMin: amountSetting(raw.transferMin, DEFAULTS.transferMin),
    transferMax: amountSetting(raw.transferMax, DEFAULTS.transferMax),
    transferDailyMaxAmount: amountSetting(raw.transferDailyMaxAmount, DEFAULTS.transferDailyMaxAmount),
    trialGrant: amountSetting(raw.trialGrant, DEFAULTS.trialGrant),
  };
}

/** Start of the merchant's business day containing `now` (limits reset at local midnight). */
export function startOfBusinessDay(now: Date, utcOffsetMinutes: number): Date {
  const local = now.getTime() + utcOffsetMinutes * 60_000;
  const dayStart = Math.floor(local / 86_400_000) * 86_400_000;
  return new Date(dayStart - utcOffsetMinutes * 60_000);
}
