/**
 * The error catalogue: stable machine codes with their HTTP status. The human message is
 * looked up by code in the request's language (`messages` below), so clients may rely on
 * `code` and show `message`.
 */
export const ERROR_CODES = {
  OK: 200,
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 422,
  MALFORMED_JSON: 400,
  AUTH_REQUIRED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  TRIAL_FORBIDDEN: 403,
  AGENT_ONLY: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_CONFLICT: 409,
  CAPTCHA_REQUIRED: 422,
  CAPTCHA_INVALID: 422,
  INSUFFICIENT_FUNDS: 409,
  RATE_LIMITED: 429,
  MAINTENANCE: 503,
  REGION_RESTRICTED: 403,
  SHUTTING_DOWN: 503,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  ENCRYPTION_REQUIRED: 400,
  DECRYPTION_FAILED: 400,
  // Accounts and sessions (issue 3).
  LOGIN_FAILED: 401,
  ACCOUNT_DISABLED: 403,
  LOGIN_VERIFICATION_REQUIRED: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  FEATURE_DISABLED: 403,
  TERMS_REQUIRED: 422,
  INVALID_AFFILIATE_CODE: 422,
  USERNAME_TAKEN: 409,
  MOBILE_TAKEN: 409,
  MOBILE_INVALID: 422,
  EMAIL_INVALID: 422,
  VERIFICATION_CODE_INVALID: 422,
  VERIFICATION_CODE_EXPIRED: 422,
  SMS_TOO_FREQUENT: 429,
  SMS_TOO_MANY_REQUESTS: 429,
  SMS_SEND_FAILED: 502,
  PASSWORD_MISMATCH: 422,
  OLD_PASSWORD_INVALID: 422,
  PASSWORD_UNCHANGED: 422,
  PAYMENT_PASSWORD_INVALID: 422,
  ALREADY_BOUND: 409,
  BANK_ACCOUNT_TAKEN: 409,
  BANK_ACCOUNT_LIMIT: 409,
  BANK_NAME_MISMATCH: 422,
  BIRTHDAY_UNDER_21: 422,
  RESET_LINK_INVALID: 422,
  // Guessing and replay defences (issue 11: items 6, 8, 16, 18, 19).
  /** value.retryAfterSeconds: too many wrong payment passwords in a row, whichever call asked. */
  PAYMENT_PASSWORD_LOCKED: 429,
  /** 000000, 123456, 121212 and the like: the first guesses of anyone holding the phone. */
  PAYMENT_PASSWORD_TOO_SIMPLE: 422,
  /** value { captcha, retryAfterSeconds }: wrong passwords from this source, wait before the next try. */
  LOGIN_THROTTLED: 429,
  /** A sealed body (E call) opened before: a captured request cannot be sent again. */
  REQUEST_REPLAYED: 409,
  /** A sealed body older than the accepted window (or dated in the future). */
  REQUEST_EXPIRED: 400,
  /** value.fields: a real name with characters no name has (markup, digits, symbols). */
  PERSON_NAME_INVALID: 422,
  // Ledger (issue 4).
  HOLD_NOT_PENDING: 409,
  TRANSFER_ALREADY_REVERSED: 409,
  LEDGER_INVALID_TRANSFER: 422,
  // Cashier (issue 4).
  PAYMENT_PASSWORD_NOT_SET: 422,
  BANK_ACCOUNT_REQUIRED: 422,
  AMOUNT_OUT_OF_RANGE: 422,
  WITHDRAWAL_LIMIT_REACHED: 409,
  TRANSFER_LIMIT_REACHED: 409,
  CHANNEL_UNAVAILABLE: 422,
  /** A payment provider (bKash, Nagad, M-Pesa) refused or did not answer; `value.code` is the provider's. */
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  SIGNATURE_INVALID: 401,
  REQUEST_NOT_PENDING: 409,
  UPLOAD_INVALID: 422,
  CONTENT_IMAGE_INVALID: 422,
  HELP_SLUG_TAKEN: 409,
  RISK_REVIEW_PENDING: 409,
  RISK_FLAG_REVIEWED: 409,
  /** value.deposit: the member's unpaid online order on this channel, for another amount: pay or cancel it first. */
  DEPOSIT_ORDER_OPEN: 409,
  /** Only an unpaid online order can be cancelled (a manual deposit was paid before it was recorded). */
  DEPOSIT_NOT_CANCELLABLE: 409,
  /** An online order is settled by its gateway; an operator may only mark it paid with the provider's reference. */
  DEPOSIT_SETTLED_BY_GATEWAY: 409,
  // Games (issue 5).
  GAME_MAINTENANCE: 409,
  GAME_UNAVAILABLE: 404,
  FREE_PLAY_UNSUPPORTED: 422,
  TRANSFER_WALLET_DISABLED: 409,
  // In-house games (issue 6).
  SLOT_BET_INVALID: 422,
  LOTTERY_BET_INVALID: 422,
  LOTTERY_ISSUE_CLOSED: 409,
  // Kismat Originals (issue 23).
  ORIGINALS_BET_INVALID: 422,
  /** A mines round is open: finish it first (also refuses a seed rotation, which would reveal its mines). */
  MINES_ROUND_OPEN: 409,
  /** The mines round is already settled (lost on a mine, or cashed out). */
  MINES_ROUND_SETTLED: 409,
  /** The tile was already picked, or a cash-out before any safe tile. */
  MINES_MOVE_INVALID: 422,
  /** A Teen Patti round waits for Play or Fold: decide it first (also refuses a seed rotation, which would reveal the dealer's cards). */
  TEEN_PATTI_ROUND_OPEN: 409,
  /** Play or Fold on a Teen Patti round that is already settled (decided, or folded at its deadline): never paid twice. */
  TEEN_PATTI_ROUND_SETTLED: 409,
  /** Crash: a bet outside the round's betting window. */
  CRASH_BETTING_CLOSED: 409,
  /** Crash: a cash-out at or after the crash point (the server's clock decides). */
  CRASH_ROUND_CRASHED: 409,
  /** Crash: no bet of the member in that round. */
  CRASH_BET_NOT_FOUND: 404,
  /** Crash: the bet was already cashed out (or lost). */
  CRASH_BET_SETTLED: 409,
  /** Crash: one bet per member and round. */
  CRASH_ALREADY_BET: 409,
  /** Crash: a stake or auto cash-out target out of range. */
  CRASH_BET_INVALID: 422,
  /** Crash: a cash-out before the curve starts. */
  CRASH_NOT_RUNNING: 409,
  // Agent programme (issue 7).
  NOT_IN_TEAM: 403,
  MEMBER_TYPE_NOT_ALLOWED: 403,
  NOT_DIRECT_DOWNLINE: 403,
  CONTRACT_NOT_FOUND: 404,
  CONTRACT_STATE_CONFLICT: 409,
  CONTRACT_OFFER_PENDING: 409,
  CONTRACT_DOWNLINE_CONFLICT: 409,
  CONTRACT_EXCEEDS_UPLINE: 422,
  CONTRACT_TERMS_INVALID: 422,
  CONTRACT_NOT_TOP_LEVEL: 422,
  INVITATION_NOT_FOUND: 404,
  SETTLEMENT_PERIOD_OPEN: 422,
  BILL_NOT_FOUND: 404,
  BILL_ALREADY_PAID: 409,
  // Promotions (issue 14).
  /** value { left, required, done }: a withdrawal while turnover is left; the message names the amount. */
  TURNOVER_NOT_MET: 409,
  /** value { maxBet }: a bet above the active promotion's max bet. */
  MAX_BET_EXCEEDED: 422,
  /** Not live, not started, ended or paused. */
  PROMOTION_NOT_AVAILABLE: 409,
  /** The member is outside the promotion's audience, or the kind's own rule refuses (value.reason). */
  PROMOTION_NOT_ELIGIBLE: 403,
  /** The member's limit for this period is used. */
  PROMOTION_LIMIT_REACHED: 409,
  /** The promotion's budget cannot pay this award. */
  PROMOTION_BUDGET_EXHAUSTED: 409,
  /** The action does not fit the promotion's status (edit a live one, publish an ended one...). */
  PROMOTION_STATE_CONFLICT: 409,
  /** value.reason: the promotion's rules do not hold together (reward for the kind, window...). */
  PROMOTION_RULES_INVALID: 422,
  // Customer service: live chat off, or no such chat desk (CBS_launchChat).
  LIVE_CHAT_OFF: 404,
  /** Live chat room (issue 18): value { retryAfterSeconds }: too many messages in a short time. */
  CHAT_TOO_FAST: 429,
  /** Not a png or jpg image (by its first bytes), empty, or over 2 MB. */
  CHAT_IMAGE_INVALID: 422,
  /** The conversation is closed or taken by another operator. */
  CHAT_STATE_CONFLICT: 409,
  // Promotion kinds (issue 14): red envelope, raffle, invite friends, activity applications.
  /** value { earned, used }: no red-envelope chance left today. */
  RED_ENVELOPE_NO_CHANCES: 409,
  /** value.need { deposit, validBet }: what is still missing today. */
  RAFFLE_NOT_ELIGIBLE: 409,
  RAFFLE_ALREADY_CLAIMED: 409,
  ACTIVITY_APPLICATION_PENDING: 409,
  /** An image that is not png or jpg by its bytes, larger than 5 MB, or more than 3. */
  ACTIVITY_IMAGE_INVALID: 422,
  /** value { min, max }: the amount is outside the promotion's rule. */
  CAMPAIGN_AMOUNT_OUT_OF_RULE: 422,
  /** The application or referral was approved or rejected already. */
  CAMPAIGN_ALREADY_REVIEWED: 409,
  // Points and VIP (issue 15).
  /** value { balance, needed }: the member has fewer points than the redemption or conversion takes. */
  POINTS_INSUFFICIENT: 409,
  /** The mall item is out of stock (the last one went to another member). */
  POINTS_OUT_OF_STOCK: 409,
  /** value { limit, used }: the member has redeemed this item as often as allowed. */
  POINTS_ITEM_LIMIT_REACHED: 409,
  /** value { min }: fewer points than the minimum convertible. */
  POINTS_BELOW_MINIMUM: 422,
  /** Goods are shipped: a receiving address is needed. */
  POINTS_ADDRESS_REQUIRED: 422,
  /** value.reason: the VIP ladder does not hold together (ranks not 1..n, targets not rising...). */
  VIP_LADDER_INVALID: 422,
  // Rebates and missions (issue 15).
  REBATE_NOTHING_TO_CLAIM: 409,
  /** value { minimumClaim }: pending rebate is below the minimum claim. */
  REBATE_BELOW_MINIMUM: 422,
  /** The level's daily rebate cap is used up today (site time). */
  REBATE_DAILY_CAP_REACHED: 409,
  /** value { progress, target }: the mission is not complete in this period. */
  MISSION_NOT_COMPLETED: 409,
  MISSION_ALREADY_CLAIMED: 409,
  // Responsible gambling (issue 17, docs/responsible-gambling.md).
  /** value { kind, period, limit, used, unit, resetsAt }: the bet or deposit would cross a limit; the message says when it resets. */
  RG_LIMIT_REACHED: 409,
  /** value { kind, until, returnAvailableAt }: a time-out or self-exclusion is running (login, bets, deposits). */
  RG_EXCLUDED: 403,
  /** A transfer into a member who is excluded or whose deposit limit it would cross (agents see nothing more). */
  RG_RECIPIENT_RESTRICTED: 409,
  /** A running time-out or self-exclusion cannot be shortened or replaced by a shorter one. */
  RG_EXCLUSION_ACTIVE: 409,
  /** value { effectiveAt }: the change is not pending, or its 24 h cooling-off has not passed. */
  RG_CHANGE_NOT_CONFIRMABLE: 409,
  /** value { availableAt }: nothing to return from, or the exclusion has not ended. */
  RG_RETURN_NOT_AVAILABLE: 409,
  /** An operator may only make a limit stricter than the one in force. */
  RG_OPERATOR_CANNOT_LOOSEN: 422,
  // Game aggregators (issue 21).
  /** value { kind, detail }: the aggregator did not answer, or refused (the launch or sync changed nothing). */
  AGGREGATOR_UNAVAILABLE: 502,
  /** The contract's secret env var is not set or holds no usable key (never its value), or the protocol has no client. */
  AGGREGATOR_NOT_CONFIGURED: 409,
  /** value { line, reason }: the uploaded report file is not in the aggregator's published format. */
  AGGREGATOR_REPORT_INVALID: 422,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function statusOf(code: ErrorCode): number {
  return ERROR_CODES[code];
}
