import { z } from 'zod';
import { envelopeOf } from './envelope';
import { recordIdParam } from './ids';
import { pageFields } from './paging';

/**
 * Operator API for game aggregators (issue 21, docs/vendor-integration.md "Aggregators"): per
 * merchant, the aggregator contracts (base URL, operator id, the aggregator's public key, the
 * NAME of the env var holding our secret, currency map, enabled studios, on/off), the studios
 * the aggregator offers, a catalogue sync, the rounds played through it and the reconciliation
 * of its report file against our rounds. Reads: every role; changes: admin (settings).
 */
export const OPERATOR_AGGREGATOR_PATHS = {
  list: '/admin-api/aggregators/merchants/:code',
  one: '/admin-api/aggregators/merchants/:code/:id',
  studios: '/admin-api/aggregators/merchants/:code/:id/studios',
  sync: '/admin-api/aggregators/merchants/:code/:id/sync',
  rounds: '/admin-api/aggregators/merchants/:code/:id/rounds',
  reconcile: '/admin-api/aggregators/merchants/:code/:id/reconcile',
} as const;

export const AGGREGATOR_PROTOCOLS = ['hub88', 'evolution'] as const;
export type AggregatorProtocolName = (typeof AGGREGATOR_PROTOCOLS)[number];

/**
 * The secret's env var must be named AGGREGATOR_*: an operator can only point a contract at a
 * variable meant for it, never at DATABASE_URL or another of the server's secrets (whose value
 * would then be sent to, or used to sign for, a URL the operator chose).
 */
export const AGGREGATOR_SECRET_ENV_PATTERN = /^AGGREGATOR_[A-Z0-9_]{1,60}$/;
const studioCode = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{1,40}$/);

export const aggregatorMerchantParams = z.object({ code: z.string().min(1).max(40) });
export const aggregatorParams = z.object({ code: z.string().min(1).max(40), id: recordIdParam });

export const aggregatorBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z][A-Z0-9]{1,15}$/),
  protocol: z.enum(AGGREGATOR_PROTOCOLS),
  name: z.string().trim().min(1).max(80),
  isEnabled: z.boolean(),
  baseUrl: z
    .string()
    .trim()
    .max(300)
    .url()
    .regex(/^https?:\/\//),
  operatorRef: z.string().trim().min(1).max(100),
  /** The aggregator's PUBLIC key (PEM) or public id: verifies its calls to us. */
  inboundKey: z.string().trim().max(8000),
  /** The NAME of the env var holding our private key / token (AGGREGATOR_...), never the value. */
  secretEnv: z.string().trim().regex(AGGREGATOR_SECRET_ENV_PATTERN),
  /** Our currency -> the aggregator's code. */
  currencyMap: z.record(z.string().regex(/^[A-Z]{3}$/), z.string().regex(/^[A-Z0-9]{3,5}$/)),
  enabledStudios: z.array(studioCode).max(500),
});
export type AggregatorBody = z.infer<typeof aggregatorBody>;

export const aggregatorStudioValue = z.object({
  studioCode: z.string(),
  studioName: z.string(),
  /** Our vendor code once synced (e.g. HUB88_EVOLUTION), else null. */
  vendorCode: z.string().nullable(),
  gameCount: z.number().int(),
  isEnabled: z.boolean(),
});

export const aggregatorValue = z.object({
  id: z.number().int(),
  code: z.string(),
  protocol: z.enum(AGGREGATOR_PROTOCOLS),
  name: z.string(),
  isEnabled: z.boolean(),
  baseUrl: z.string(),
  operatorRef: z.string(),
  inboundKey: z.string(),
  secretEnv: z.string(),
  /** Whether the env var is set on this server; its value is never shown. */
  isSecretSet: z.boolean(),
  currencyMap: z.record(z.string(), z.string()),
  enabledStudios: z.array(z.string()),
  lastSyncedAt: z.string().nullable(),
  /** Studios synced into the catalogue. */
  studios: z.array(aggregatorStudioValue),
});
export type AggregatorValue = z.infer<typeof aggregatorValue>;
export const aggregatorsResponse = envelopeOf(z.object({ list: z.array(aggregatorValue) }));
export const aggregatorResponse = envelopeOf(aggregatorValue);

/** The studios the aggregator offers now (asked live), with their game counts. */
export const aggregatorStudiosResponse = envelopeOf(z.object({ list: z.array(aggregatorStudioValue) }));

export const aggregatorSyncStudio = z.object({
  studioCode: z.string(),
  studioName: z.string(),
  vendorCode: z.string(),
  added: z.number().int(),
  updated: z.number().int(),
  disabled: z.number().int(),
  unchanged: z.number().int(),
});
export const aggregatorSyncValue = z.object({
  syncedAt: z.string(),
  /** Games the aggregator listed (all studios). */
  offered: z.number().int(),
  studios: z.array(aggregatorSyncStudio),
  added: z.number().int(),
  updated: z.number().int(),
  disabled: z.number().int(),
  unchanged: z.number().int(),
});
export type AggregatorSyncValue = z.infer<typeof aggregatorSyncValue>;
export const aggregatorSyncResponse = envelopeOf(aggregatorSyncValue);

export const aggregatorRoundsQuery = z.object({
  ...pageFields({ maxPageNo: 100_000 }),
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
  status: z.enum(['OPEN', 'CLOSED']).optional(),
  username: z.string().trim().min(1).max(40).optional(),
});
export const aggregatorRoundValue = z.object({
  id: z.number().int(),
  /** The aggregator's round id. */
  vendorRoundId: z.string(),
  vendorCode: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  username: z.string(),
  currency: z.string(),
  status: z.string(),
  isTrial: z.boolean(),
  stake: z.string(),
  payout: z.string(),
  betCount: z.number().int(),
  openedAt: z.string(),
  settledAt: z.string().nullable(),
});
export const aggregatorRoundsResponse = envelopeOf(z.object({ list: z.array(aggregatorRoundValue), total: z.number().int() }));

/** The aggregator's report file as text (CSV, the columns docs/vendor-integration.md names). */
/** At most 900 000 characters: the JSON body stays under the server's 1 MiB body limit (split a bigger report by day). */
export const aggregatorReconcileBody = z.object({ report: z.string().min(1).max(900_000) });
export const RECONCILE_OUTCOMES = ['MATCH', 'AMOUNT_DIFFERS', 'MISSING_HERE', 'MISSING_IN_REPORT'] as const;
export const aggregatorReconcileLine = z.object({
  roundId: z.string(),
  outcome: z.enum(RECONCILE_OUTCOMES),
  username: z.string().nullable(),
  reportStake: z.string().nullable(),
  reportPayout: z.string().nullable(),
  ourStake: z.string().nullable(),
  ourPayout: z.string().nullable(),
});
export const aggregatorReconcileValue = z.object({
  /** Transactions read from the file. */
  transactions: z.number().int(),
  rounds: z.number().int(),
  matches: z.number().int(),
  mismatches: z.number().int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Mismatches first, then matches; at most 500 lines. */
  lines: z.array(aggregatorReconcileLine),
});
export type AggregatorReconcileValue = z.infer<typeof aggregatorReconcileValue>;
export const aggregatorReconcileResponse = envelopeOf(aggregatorReconcileValue);
