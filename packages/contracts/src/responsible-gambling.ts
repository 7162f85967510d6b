import { z } from 'zod';
import { envelopeOf, moneyString } from './envelope';
import { recordIdParam } from './ids';

/**
 * Responsible gambling (issue 17, docs/responsible-gambling.md): limits (deposit, loss, wager,
 * session time; rolling 24 h / 7 d / 30 d windows, several at once, the lowest binds), time-out,
 * self-exclusion, reality check, operator views. Member routes need a real member (trial players
 * get TRIAL_FORBIDDEN: demo money is exempt from every rule here).
 *
 * Units: money kinds (DEPOSIT, LOSS, WAGER) carry amounts as "1234.50"; SESSION_TIME carries
 * whole minutes written as a string ("90"). `unit` says which.
 */
export const RG_PATHS = {
  /** GET: limits with usage, pending changes, exclusion, reality-check setting, prompts. */
  overview: '/wps/member/responsible-gambling',
  /** POST { kind, period, value }: set or change a limit (lower/new: at once; higher: pending 24 h then confirm). */
  limits: '/wps/member/responsible-gambling/limits',
  /** POST { kind, period }: remove a limit (pending like an increase). */
  removeLimit: '/wps/member/responsible-gambling/limits/remove',
  /** POST { changeId }: confirm a pending increase/removal whose 24 h have passed. */
  confirmChange: '/wps/member/responsible-gambling/limits/confirm',
  /** POST { changeId }: withdraw a pending increase/removal (the lower limit stays). */
  cancelChange: '/wps/member/responsible-gambling/limits/cancel',
  /** POST {}: "I have reviewed my limits" (clears reviewDue for 6 months). */
  reviewed: '/wps/member/responsible-gambling/limits/reviewed',
  /** POST {}: the member chooses not to set a deposit limit now (a recorded, positive choice). */
  skipDepositLimit: '/wps/member/responsible-gambling/deposit-limit/skip',
  /** GET ?page&size: every limit change, newest first. */
  history: '/wps/member/responsible-gambling/history',
  /** POST { duration }: take a time-out; the member's sessions end at once. */
  timeOut: '/wps/member/responsible-gambling/time-out',
  /** POST { duration }: self-exclude; the member's sessions end at once. */
  selfExclusion: '/wps/member/responsible-gambling/self-exclusion',
  /** POST {}: after a time-out / self-exclusion has ended, ask to play again (self-exclusion: 24 h cooling-off first). */
  returnToPlay: '/wps/member/responsible-gambling/return',
  /** GET: session start, elapsed, net result, next due time. PUT { intervalMinutes }: 15/30/60/120 or null (off). */
  realityCheck: '/wps/member/responsible-gambling/reality-check',
  /** POST { action: CONTINUE | STOP }: STOP ends this session (logout). */
  realityCheckAck: '/wps/member/responsible-gambling/reality-check/ack',
} as const;

export const OPERATOR_RG_PATHS = {
  /** GET: a member's limits, exclusion, reality check and change history (audited read). */
  member: '/admin-api/merchants/:code/responsible-gambling/members/:memberId',
  /** POST { kind, period, value, reason }: set a stricter limit (never looser than the member's). */
  memberLimit: '/admin-api/merchants/:code/responsible-gambling/members/:memberId/limits',
  /** GET ?threshold (default 80 = %): members whose usage is at or above threshold % of a limit. */
  nearLimits: '/admin-api/merchants/:code/responsible-gambling/near-limits',
} as const;

export const RG_LIMIT_KINDS = ['DEPOSIT', 'LOSS', 'WAGER', 'SESSION_TIME'] as const;
export type RgLimitKind = (typeof RG_LIMIT_KINDS)[number];
export const RG_PERIODS = ['DAY', 'WEEK', 'MONTH'] as const;
export type RgPeriod = (typeof RG_PERIODS)[number];
/** Rolling window lengths in hours: DAY 24 h, WEEK 7 d, MONTH 30 d. */
export const RG_PERIOD_HOURS: Record<RgPeriod, number> = { DAY: 24, WEEK: 168, MONTH: 720 };
export const RG_UNITS = ['MONEY', 'MINUTES'] as const;
export type RgUnit = (typeof RG_UNITS)[number];
export const rgUnitOf = (kind: RgLimitKind): RgUnit => (kind === 'SESSION_TIME' ? 'MINUTES' : 'MONEY');

/** An increase or removal waits this long, then needs the member's confirmation. */
export const RG_INCREASE_COOLING_OFF_HOURS = 24;
/** After a self-exclusion ends, the return asked for takes effect this much later. */
export const RG_RETURN_COOLING_OFF_HOURS = 24;
/** reviewDue is true when the member's limits were last set or reviewed longer ago than this. */
export const RG_REVIEW_AFTER_DAYS = 182;
/** The operator's near-limit report default threshold (percent of a limit used). */
export const RG_NEAR_LIMIT_PERCENT = 80;
/** Upper bound of a session-time limit value: 30 days of minutes. */
export const RG_MAX_MINUTES = 43_200;

export const RG_TIME_OUT_DURATIONS = ['24H', '7D', '30D', '42D'] as const;
export type RgTimeOutDuration = (typeof RG_TIME_OUT_DURATIONS)[number];
export const RG_SELF_EXCLUSION_DURATIONS = ['6M', '1Y', '5Y', 'PERMANENT'] as const;
export type RgSelfExclusionDuration = (typeof RG_SELF_EXCLUSION_DURATIONS)[number];
export const RG_EXCLUSION_KINDS = ['TIME_OUT', 'SELF_EXCLUSION'] as const;
export type RgExclusionKind = (typeof RG_EXCLUSION_KINDS)[number];
export const RG_REALITY_CHECK_INTERVALS = [15, 30, 60, 120] as const;

/** Who made a change: the member, an operator (stricter only), or the clock (a pending change became effective). */
export const RG_CHANGE_ACTORS = ['MEMBER', 'OPERATOR'] as const;
/** PENDING: waiting for the cooling-off and/or confirmation; APPLIED: in force (or removed); CANCELLED: withdrawn or superseded. */
export const RG_CHANGE_STATUSES = ['PENDING', 'APPLIED', 'CANCELLED'] as const;

/**
 * The error codes this module answers (added to errors.ts with BN/EN/SW texts):
 * - RG_LIMIT_REACHED 409 value { kind, period, limit, used, unit, resetsAt }: the bet/deposit
 *   would cross a limit; the message says when it resets (resetsAt: when enough usage leaves
 *   the rolling window for this amount, or the window's oldest usage for SESSION_TIME).
 * - RG_EXCLUDED 403 value { kind, until (null = permanent), returnAvailableAt }: a time-out or
 *   self-exclusion is running (login, bets, deposits); the message says until when.
 * - RG_RECIPIENT_RESTRICTED 409: a transfer into a member who is excluded (agents see nothing more).
 * - RG_EXCLUSION_ACTIVE 409: a time-out/self-exclusion cannot be shortened or replaced by a shorter one.
 * - RG_CHANGE_NOT_CONFIRMABLE 409 value { effectiveAt }: the pending change's 24 h are not over
 *   (or it is not pending).
 * - RG_RETURN_NOT_AVAILABLE 409 value { availableAt }: nothing to return from, or not yet.
 * - RG_OPERATOR_CANNOT_LOOSEN 422: an operator's value is not stricter than the limit in force.
 */
export const RG_ERROR_CODE_LIST = [
  'RG_LIMIT_REACHED',
  'RG_EXCLUDED',
  'RG_RECIPIENT_RESTRICTED',
  'RG_EXCLUSION_ACTIVE',
  'RG_CHANGE_NOT_CONFIRMABLE',
  'RG_RETURN_NOT_AVAILABLE',
  'RG_OPERATOR_CANNOT_LOOSEN',
] as const;

const isoTime = z.string();
const kind = z.enum(RG_LIMIT_KINDS);
const period = z.enum(RG_PERIODS);

/**
 * A limit value: money "1234.50" (or a number) for DEPOSIT/LOSS/WAGER, whole minutes for
 * SESSION_TIME. The server validates it against the kind (VALIDATION_FAILED otherwise).
 */
export const rgLimitValueInput = z.union([z.string().trim().min(1).max(20), z.number().positive()]);

export const rgSetLimitBody = z.object({ kind, period, value: rgLimitValueInput });
export type RgSetLimitBody = z.infer<typeof rgSetLimitBody>;
export const rgRemoveLimitBody = z.object({ kind, period });
export const rgChangeIdBody = z.object({ changeId: recordIdParam });
export const rgTimeOutBody = z.object({ duration: z.enum(RG_TIME_OUT_DURATIONS) });
export const rgSelfExclusionBody = z.object({ duration: z.enum(RG_SELF_EXCLUSION_DURATIONS) });
export const rgRealityCheckBody = z.object({
  intervalMinutes: z.union([z.literal(15), z.literal(30), z.literal(60), z.literal(120), z.null()]),
});
export const rgRealityCheckAckBody = z.object({ action: z.enum(['CONTINUE', 'STOP']) });
export const rgHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** A limit in force with its usage in the rolling window [now − period, now]. */
export const rgLimit = z.object({
  kind,
  period,
  unit: z.enum(RG_UNITS),
  /** "1000.00" or minutes "90". */
  value: z.string(),
  used: z.string(),
  remaining: z.string(),
  /** 0..100 (capped), used / value. */
  usedPercent: z.number(),
  /** When the oldest usage in the window leaves it (null: nothing used). */
  resetsAt: isoTime.nullable(),
  setAt: isoTime,
  /** Usage counts from the later of setAt and (now − period): nothing before the first limit of a kind is counted. */
  countsFrom: isoTime,
  setBy: z.enum(RG_CHANGE_ACTORS),
});
export type RgLimit = z.infer<typeof rgLimit>;

/** What every limit change names: the limit, its unit and the value before and after. */
const rgChange = z.object({
  changeId: z.number().int(),
  kind,
  period,
  unit: z.enum(RG_UNITS),
  oldValue: z.string().nullable(),
  /** null: the limit is (to be) removed. */
  newValue: z.string().nullable(),
});

/** An increase or removal waiting: effectiveAt = requestedAt + 24 h; confirmable once effectiveAt has passed. */
export const rgPendingChange = rgChange.extend({
  requestedAt: isoTime,
  effectiveAt: isoTime,
  confirmable: z.boolean(),
});
export type RgPendingChange = z.infer<typeof rgPendingChange>;

export const rgExclusion = z.object({
  kind: z.enum(RG_EXCLUSION_KINDS),
  duration: z.enum([...RG_TIME_OUT_DURATIONS, ...RG_SELF_EXCLUSION_DURATIONS]),
  startedAt: isoTime,
  /** null: permanent. */
  endsAt: isoTime.nullable(),
  /** True while play/login is refused (before the end, or ended but no return yet / return cooling-off running). */
  active: z.boolean(),
  /** When "return" may be asked for (= endsAt); null: permanent. */
  returnAvailableAt: isoTime.nullable(),
  returnRequestedAt: isoTime.nullable(),
  /** When play resumes after a return (self-exclusion: returnRequestedAt + 24 h). */
  returnEffectiveAt: isoTime.nullable(),
});
export type RgExclusion = z.infer<typeof rgExclusion>;

export const rgOverviewValue = z.object({
  limits: z.array(rgLimit),
  pending: z.array(rgPendingChange),
  /** The latest time-out/self-exclusion not yet returned from (or null). */
  exclusion: rgExclusion.nullable(),
  realityCheckMinutes: z.number().int().nullable(),
  /** Limits were set/reviewed more than 6 months ago: prompt a review (POST reviewed). */
  reviewDue: z.boolean(),
  /** No deposit limit and the member never chose to skip: prompt before the (first) deposit. */
  depositLimitPrompt: z.boolean(),
  /** True while a time-out/self-exclusion keeps the member from play (what an agent sees as "restricted"). */
  restricted: z.boolean(),
});
export type RgOverviewValue = z.infer<typeof rgOverviewValue>;
export const rgOverviewResponse = envelopeOf(rgOverviewValue);

/** The answer of a limit change: APPLIED at once (decrease, new limit) or PENDING (increase, removal). */
export const rgLimitChangeValue = z.object({
  outcome: z.enum(['APPLIED', 'PENDING', 'UNCHANGED']),
  changeId: z.number().int().nullable(),
  effectiveAt: isoTime.nullable(),
  overview: rgOverviewValue,
});
export const rgLimitChangeResponse = envelopeOf(rgLimitChangeValue);

export const rgHistoryItem = rgChange.extend({
  status: z.enum(RG_CHANGE_STATUSES),
  requestedAt: isoTime,
  effectiveAt: isoTime,
  confirmedAt: isoTime.nullable(),
  by: z.enum(RG_CHANGE_ACTORS),
  /** Operator changes: the operator's username and reason (operator views only; null to the member). */
  operator: z.string().nullable(),
  reason: z.string().nullable(),
});
export type RgHistoryItem = z.infer<typeof rgHistoryItem>;
export const rgHistoryValue = z.object({
  list: z.array(rgHistoryItem),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export const rgHistoryResponse = envelopeOf(rgHistoryValue);

/** Time-out / self-exclusion taken: the web logs out (every session was revoked). */
export const rgExclusionResponse = envelopeOf(z.object({ exclusion: rgExclusion, sessionsEnded: z.boolean() }));
export const rgReturnResponse = envelopeOf(z.object({ exclusion: rgExclusion }));

export const rgRealityCheckValue = z.object({
  intervalMinutes: z.number().int().nullable(),
  /** Start of this login session (reality-check figures are since then). */
  sessionStartedAt: isoTime,
  elapsedSeconds: z.number().int(),
  staked: moneyString,
  won: moneyString,
  /** won − staked in the session (negative = lost). */
  net: moneyString,
  /** When the next popup is due (null: off). */
  nextDueAt: isoTime.nullable(),
  /** nextDueAt has passed: show the popup now and pause play until answered. */
  due: z.boolean(),
});
export type RgRealityCheckValue = z.infer<typeof rgRealityCheckValue>;
export const rgRealityCheckResponse = envelopeOf(rgRealityCheckValue);
export const rgRealityCheckAckResponse = envelopeOf(z.object({ loggedOut: z.boolean(), realityCheck: rgRealityCheckValue.nullable() }));
export const rgOkResponse = envelopeOf(rgOverviewValue);

// Operator views.
export const operatorRgMemberParams = z.object({ code: z.string().min(1).max(40), memberId: recordIdParam });
export const operatorRgMerchantParams = z.object({ code: z.string().min(1).max(40) });
export const operatorRgLimitBody = rgSetLimitBody.extend({ reason: z.string().trim().min(3).max(200) });
export const operatorRgNearLimitsQuery = z.object({
  threshold: z.coerce.number().int().min(1).max(100).default(RG_NEAR_LIMIT_PERCENT),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
});

export const operatorRgMemberValue = z.object({
  memberId: z.number().int(),
  username: z.string(),
  overview: rgOverviewValue,
  history: z.array(rgHistoryItem),
});
export const operatorRgMemberResponse = envelopeOf(operatorRgMemberValue);

export const operatorRgNearLimitItem = z.object({
  memberId: z.number().int(),
  username: z.string(),
  kind,
  period,
  unit: z.enum(RG_UNITS),
  value: z.string(),
  used: z.string(),
  usedPercent: z.number(),
  /** usedPercent >= 100. */
  atLimit: z.boolean(),
});
export const operatorRgNearLimitsResponse = envelopeOf(
  z.object({ list: z.array(operatorRgNearLimitItem), total: z.number().int(), threshold: z.number().int() }),
);
