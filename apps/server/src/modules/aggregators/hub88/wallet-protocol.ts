import { z } from 'zod';
import type { CoreResult, CoreStatus } from '../../vendor-wallet/index';

/*
 * Hub88's Operator Wallet API, as Hub88 calls us (docs.hub88.io, Operator API Reference,
 * "Wallet API" and "Seamless Wallet response statuses - Operator API"). Bodies are snake_case;
 * amounts and balances are INTEGERS in units of 1/100000 of the currency; every answer is HTTP
 * 200 with `status`. Our minor units are 1/100, so one minor unit is 1000 of Hub88's: an amount
 * that is not a multiple of 1000 is refused (RS_ERROR_WRONG_SYNTAX, nothing stored; the core's
 * sub-cent rule), never rounded.
 */

export const HUB88_WALLET_CALLS = {
  info: '/user/info',
  balance: '/user/balance',
  bet: '/transaction/bet',
  win: '/transaction/win',
  rollback: '/transaction/rollback',
} as const;

/** Where Hub88 calls a contract: the operator gives Hub88 `https://<site>/aggregators/hub88/<merchant>/<code>` as the wallet endpoint. */
export const HUB88_WALLET_PREFIX = '/aggregators/hub88/:merchant/:code';

export const HUB88_SIGNATURE_HEADER = 'x-hub88-signature';

/** Hub88's units per one of our minor units (x100000 per currency unit, 100 minor units per unit). */
export const HUB88_UNITS_PER_MINOR = 1000n;

export const HUB88_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_LIMIT_REACHED',
] as const;
export type Hub88Status = (typeof HUB88_STATUSES)[number];

/**
 * The core's codes as Hub88 statuses. Hub88 has no status for "round already settled" or "round
 * closed": those answer RS_ERROR_UNKNOWN with a `message` (HTTP 200: a final answer, not "retry").
 */
export const HUB88_STATUS_OF: Record<CoreStatus, Hub88Status> = {
  OK: 'RS_OK',
  INVALID_TOKEN: 'RS_ERROR_INVALID_TOKEN',
  TOKEN_EXPIRED: 'RS_ERROR_TOKEN_EXPIRED',
  USER_DISABLED: 'RS_ERROR_USER_DISABLED',
  INVALID_GAME: 'RS_ERROR_INVALID_GAME',
  WRONG_CURRENCY: 'RS_ERROR_WRONG_CURRENCY',
  NOT_ENOUGH_MONEY: 'RS_ERROR_NOT_ENOUGH_MONEY',
  LIMIT_REACHED: 'RS_ERROR_LIMIT_REACHED',
  DUPLICATE: 'RS_ERROR_DUPLICATE_TRANSACTION',
  NOT_FOUND: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  ROLLED_BACK: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  SETTLED: 'RS_ERROR_UNKNOWN',
  ROUND_CLOSED: 'RS_ERROR_UNKNOWN',
  INVALID_AMOUNT: 'RS_ERROR_WRONG_SYNTAX',
  INVALID_REQUEST: 'RS_ERROR_WRONG_SYNTAX',
};

const id = z.string().min(1).max(100);
/** Hub88 integers (x100000); above 2^53 they could not be exact in JSON numbers anyway. */
const units = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const hub88InfoRequest = z.object({ user: z.string().min(1).max(64), request_uuid: id });
export const hub88BalanceRequest = z.object({
  user: z.string().min(1).max(64),
  token: z.string().min(1).max(200),
  request_uuid: id,
  game_code: z.string().max(100).nullish(),
});

const moneyCall = {
  user: z.string().min(1).max(64),
  token: z.string().min(1).max(200),
  request_uuid: id,
  transaction_uuid: id,
  supplier_transaction_id: z.string().max(200).nullish(),
  supplier_user: z.string().max(200).nullish(),
  round: id.nullish(),
  round_closed: z.boolean().nullish(),
  reward_uuid: z.string().max(100).nullish(),
  game_code: z.string().min(1).max(100),
  meta: z.unknown().optional(),
};

export const hub88BetRequest = z.object({
  ...moneyCall,
  currency: z.string().min(3).max(8),
  amount: units,
  is_free: z.boolean().nullish(),
  is_aggregated: z.boolean().nullish(),
  is_supplier_promo: z.boolean().nullish(),
  bet: z.string().max(200).nullish(),
});
export const hub88WinRequest = hub88BetRequest.extend({ reference_transaction_uuid: id });
export const hub88RollbackRequest = z.object({ ...moneyCall, reference_transaction_uuid: id });

export type Hub88InfoRequest = z.infer<typeof hub88InfoRequest>;
export type Hub88BalanceRequest = z.infer<typeof hub88BalanceRequest>;
export type Hub88BetRequest = z.infer<typeof hub88BetRequest>;
export type Hub88WinRequest = z.infer<typeof hub88WinRequest>;
export type Hub88RollbackRequest = z.infer<typeof hub88RollbackRequest>;

/** Every answer: `{ user, status, request_uuid, currency, balance }` (balance when known). */
export interface Hub88Answer {
  user?: string;
  status: Hub88Status;
  request_uuid: string;
  currency?: string;
  balance?: number;
  /** Human text for logs; Hub88 branches on status. */
  message?: string;
}

/** Our minor units as Hub88's integer units. */
export function hub88UnitsOf(minor: bigint): number {
  return Number(minor * HUB88_UNITS_PER_MINOR);
}

/** The core's result as Hub88's answer, in Hub88's currency code. */
export function hub88AnswerOf(
  result: CoreResult,
  request: { user: string; request_uuid: string },
  currency: string | undefined,
): Hub88Answer {
  return {
    user: result.user ?? request.user,
    status: HUB88_STATUS_OF[result.status],
    request_uuid: request.request_uuid,
    ...(currency !== undefined ? { currency } : {}),
    ...(result.balance !== null ? { balance: hub88UnitsOf(result.balance) } : {}),
    ...(result.message !== undefined ? { message: result.message } : {}),
  };
}
