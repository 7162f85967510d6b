import { z } from 'zod';
import { envelopeOf, moneyString } from './envelope';
import { formatAmount, MAX_AMOUNT_MINOR, tryParseAmount } from './wallet';

/*
 * The seamless wallet API we publish for game vendors (docs/vendor-integration.md), transfer
 * mode for the member site, and the built-in DEMO vendor. Vendor calls are not enveloped:
 * they answer in the industry's shape (Hub88-like `status` codes, HTTP 200 for every answer
 * the wallet gave, so a vendor branches on `status`, never on the HTTP code).
 */

export const VENDOR_API_PATHS = {
  authenticate: '/vendor-api/v1/authenticate',
  balance: '/vendor-api/v1/balance',
  bet: '/vendor-api/v1/bet',
  win: '/vendor-api/v1/win',
  rollback: '/vendor-api/v1/rollback',
} as const;

/** Request headers of every vendor call. */
export const VENDOR_HEADERS = {
  /** The vendor's code (vassalage), e.g. AG. */
  vendor: 'x-vendor-code',
  /** Unix time in milliseconds when the request was signed. */
  timestamp: 'x-timestamp',
  /** hex(HMAC-SHA256(secret, `${timestamp}.${rawBody}`)). */
  signature: 'x-signature',
} as const;

/** How far a request's timestamp may be from our clock, either way. */
export const VENDOR_SIGNATURE_WINDOW_MS = 30_000;

export const VENDOR_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_REQUEST_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  /** A bet above the player's limit (an active promotion bonus's max bet). */
  'RS_ERROR_BET_LIMIT_EXCEEDED',
  /** The player's responsible-gambling limit (loss, wager, play time) would be crossed (Hub88's status for a limit; issue 17). */
  'RS_ERROR_LIMIT_REACHED',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_ROUND_CLOSED',
  /** A win into a round a win already settled, or a rollback of a bet whose round was won. */
  'RS_ERROR_ALREADY_SETTLED',
] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

/**
 * Money in vendor calls: a decimal string with at most 2 places ("12.50"), at most the ledger's
 * largest amount. Above it the call is a syntax error, final, never "our failure, retry".
 */
const vendorAmount = z
  .string()
  .regex(/^(0|[1-9]\d{0,14})(\.\d{1,2})?$/, 'a decimal string with at most 2 places')
  .refine((value) => tryParseAmount(value, { allowZero: true }).ok, `at most ${formatAmount(MAX_AMOUNT_MINOR)}`);
/** Vendor ids (transactions, rounds, requests): printable, 1..100 characters. */
const vendorId = z.string().regex(/^[\w.:-]{1,100}$/, '1-100 of A-Z a-z 0-9 _ . : -');

export const vendorAuthenticateRequest = z.object({
  requestUuid: vendorId,
  /** The launch token from the launch URL: single use, short-lived. */
  token: z.string().min(20).max(128),
});
export const vendorBalanceRequest = z.object({ requestUuid: vendorId, sessionId: z.string().min(20).max(128), user: z.string().max(64) });
export const vendorBetRequest = z.object({
  requestUuid: vendorId,
  sessionId: z.string().min(20).max(128),
  user: z.string().max(64),
  transactionUuid: vendorId,
  roundId: vendorId,
  gameCode: z.string().max(64),
  amount: vendorAmount,
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** Some games bet and settle in one call pair; a later win closes the round anyway. */
  isRoundClosed: z.boolean().optional(),
});
export const vendorWinRequest = z.object({
  requestUuid: vendorId,
  sessionId: z.string().min(20).max(128),
  user: z.string().max(64),
  transactionUuid: vendorId,
  /** The bet this win settles (optional; the round is what is required). */
  referenceTransactionUuid: vendorId.optional(),
  roundId: vendorId,
  gameCode: z.string().max(64),
  /** "0.00" records a lost round and closes it without moving money. */
  amount: vendorAmount,
  currency: z.string().regex(/^[A-Z]{3}$/),
  isRoundClosed: z.boolean().default(true),
});
export const vendorRollbackRequest = z.object({
  requestUuid: vendorId,
  sessionId: z.string().min(20).max(128),
  user: z.string().max(64),
  transactionUuid: vendorId,
  /** The bet (or win) to undo. Unknown: recorded, so that a later bet with this id is refused. */
  referenceTransactionUuid: vendorId,
  roundId: vendorId,
  gameCode: z.string().max(64),
});
export type VendorAuthenticateRequest = z.infer<typeof vendorAuthenticateRequest>;
export type VendorBalanceRequest = z.infer<typeof vendorBalanceRequest>;
export type VendorBetRequest = z.infer<typeof vendorBetRequest>;
export type VendorWinRequest = z.infer<typeof vendorWinRequest>;
export type VendorRollbackRequest = z.infer<typeof vendorRollbackRequest>;

/** Every vendor answer. Fields beyond status and requestUuid are present when they apply. */
export const vendorResponse = z.object({
  status: z.enum(VENDOR_STATUSES),
  requestUuid: z.string(),
  user: z.string().optional(),
  sessionId: z.string().optional(),
  currency: z.string().optional(),
  /** The player's balance after the call (also on RS_ERROR_NOT_ENOUGH_MONEY: the real balance). */
  balance: moneyString.optional(),
  transactionUuid: z.string().optional(),
  gameCode: z.string().optional(),
  /**
   * On authenticate: true when the player launched the free trial. The balance is play money;
   * bets and wins of this session move play money only (the game should say so on screen).
   */
  isFunMode: z.boolean().optional(),
  /** Human text for logs; vendors branch on status. */
  message: z.string().optional(),
});
export type VendorResponse = z.infer<typeof vendorResponse>;

/** Transfer mode (member site, T): main wallet <-> a vendor's wallet, through the ledger. */
export const TRANSFER_WALLET_PATHS = {
  walletTransfer: '/wps/relay/GCS_walletTransfer',
  merchantWallet: '/wps/relay/GCS_merchantWallet',
} as const;

export const walletTransferBody = z.object({
  vassalage: z.string().min(1).max(32),
  /** IN: main wallet -> vendor wallet; OUT: vendor wallet -> main wallet. */
  direction: z.enum(['IN', 'OUT']),
  /** Decimal string, 2 places at most (parsed to minor units on the server). */
  amount: z.string().max(20),
  /** The client's id for this transfer (a UUID); a retry with the same id moves money once. */
  requestId: z.string().regex(/^[\w-]{8,64}$/),
});
export const walletTransferValue = z.object({
  vassalage: z.string(),
  direction: z.enum(['IN', 'OUT']),
  amount: moneyString,
  mainBalance: moneyString,
  vendorBalance: moneyString,
  isReplay: z.boolean(),
});
export const walletTransferResponse = envelopeOf(walletTransferValue);

export const merchantWalletQuery = z.object({ vassalage: z.string().max(32).optional() });
export const merchantWalletValue = z.object({
  /** True: single (seamless) wallet, games spend the main balance; false: transfer mode. */
  isSingle: z.boolean(),
  currency: z.string(),
  mainBalance: moneyString,
  /** Per-vendor transfer-mode balances (all vendors in transfer mode; empty in single mode unless money was left there). */
  wallets: z.array(z.object({ vassalage: z.string(), displayName: z.string(), balance: moneyString })),
});
export const merchantWalletResponse = envelopeOf(merchantWalletValue);

/**
 * The built-in DEMO vendor: an HTML5 dice game served by the server that plays the vendor's
 * side (it signs calls to the seamless API with the vendor's secret). Not for production money.
 */
export const DEMO_VENDOR_PATHS = {
  /** The game client page; query: token, game, vendor, lang. */
  client: '/demo-vendor/play',
  clientScript: '/demo-vendor/dice.js',
  /** Exchanges the launch token (via the seamless authenticate call). */
  session: '/demo-vendor/api/session',
  /** One dice round: bet, server-side roll, win. */
  roll: '/demo-vendor/api/roll',
} as const;

export const demoSessionBody = z.object({ token: z.string().min(20).max(128), vendor: z.string().max(32) });
export const demoSessionValue = z.object({
  sessionId: z.string(),
  user: z.string(),
  currency: z.string(),
  balance: moneyString,
  gameCode: z.string(),
  vendor: z.string(),
  /** Free trial: the balance is play money. */
  isFunMode: z.boolean(),
});
export const demoRollBody = z.object({
  sessionId: z.string().min(20).max(128),
  user: z.string().max(64),
  vendor: z.string().max(32),
  gameCode: z.string().max(64),
  currency: z.string().regex(/^[A-Z]{3}$/),
  amount: vendorAmount,
  /** Win when the roll (1..100) is under this number; pays 99 / (target - 1). */
  target: z.coerce.number().int().min(2).max(96).default(50),
});
export const demoRollValue = z.object({
  roundId: z.string(),
  roll: z.number().int(),
  target: z.number().int(),
  isWin: z.boolean(),
  stake: moneyString,
  payout: moneyString,
  balance: moneyString,
  /** The vendor status of the step that failed (RS_OK when the round completed). */
  status: z.enum(VENDOR_STATUSES),
});
export const demoSessionResponse = envelopeOf(demoSessionValue);
export const demoRollResponse = envelopeOf(demoRollValue);
