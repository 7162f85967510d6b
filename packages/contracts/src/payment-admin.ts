import { z } from 'zod';
import { envelopeOf } from './envelope';
import { recordIdParam } from './ids';

/**
 * Operator API of the payment rails (issue 22): the payment reconciliation (daily runs per
 * merchant, provider channel and merchant day, and the mismatches they found) and the payment
 * providers' configuration per merchant and channel, shown without secrets: which environment
 * variables a channel needs and whether each is set, never a value. Roles: finance and admin
 * read and resolve mismatches (money); only admin changes a channel (settings).
 */
export const OPERATOR_PAYMENT_PATHS = {
  runs: '/admin-api/reconciliation/runs',
  mismatches: '/admin-api/reconciliation/mismatches',
  resolveMismatch: '/admin-api/reconciliation/mismatches/:id/resolve',
  providers: '/admin-api/payment-providers',
  provider: '/admin-api/payment-providers/:id',
} as const;

export const RECONCILIATION_RUN_STATUSES = ['running', 'completed', 'failed'] as const;
export const RECONCILIATION_MISMATCH_KINDS = ['missing_ours', 'missing_theirs', 'amount', 'status'] as const;
export const RECONCILIATION_DIRECTIONS = ['deposit', 'payout'] as const;
export type ReconciliationMismatchKind = (typeof RECONCILIATION_MISMATCH_KINDS)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * What both reconciliation lists filter by (merchant, provider, business days from and to) and
 * their keyset page: rows with an id below `before` (the previous page's last id), `limit` of them.
 */
const reconciliationListFields = {
  merchant: z.string().max(40).optional(),
  provider: z.string().max(40).optional(),
  from: day.optional(),
  to: day.optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
};

export const reconciliationRunsQuery = z.object({
  ...reconciliationListFields,
  status: z.enum(RECONCILIATION_RUN_STATUSES).optional(),
});

export const reconciliationRunValue = z.object({
  id: z.number().int(),
  merchantCode: z.string(),
  provider: z.string(),
  channelCode: z.string(),
  businessDay: z.string(),
  status: z.enum(RECONCILIATION_RUN_STATUSES),
  oursCount: z.number().int(),
  theirsCount: z.number().int(),
  matchedCount: z.number().int(),
  mismatchCount: z.number().int(),
  openMismatchCount: z.number().int(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReconciliationRunValue = z.infer<typeof reconciliationRunValue>;
export const reconciliationRunsResponse = envelopeOf(z.object({ list: z.array(reconciliationRunValue) }));

export const reconciliationMismatchesQuery = z.object({
  ...reconciliationListFields,
  runId: z.coerce.number().int().positive().optional(),
  kind: z.enum(RECONCILIATION_MISMATCH_KINDS).optional(),
  direction: z.enum(RECONCILIATION_DIRECTIONS).optional(),
  /** open (default), resolved or all. */
  state: z.enum(['open', 'resolved', 'all']).default('open'),
});

export const reconciliationMismatchValue = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  merchantCode: z.string(),
  provider: z.string(),
  businessDay: z.string(),
  direction: z.enum(RECONCILIATION_DIRECTIONS),
  kind: z.enum(RECONCILIATION_MISMATCH_KINDS),
  /** Our deposit id (deposit) or provider payout id (payout), when we have the record. */
  ourId: z.number().int().nullable(),
  providerReference: z.string().nullable(),
  ourAmount: z.string().nullable(),
  theirAmount: z.string().nullable(),
  ourStatus: z.string().nullable(),
  theirStatus: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  createdAt: z.string(),
});
export type ReconciliationMismatchValue = z.infer<typeof reconciliationMismatchValue>;
export const reconciliationMismatchesResponse = envelopeOf(z.object({ list: z.array(reconciliationMismatchValue) }));
export const reconciliationMismatchResponse = envelopeOf(reconciliationMismatchValue);

export const resolveMismatchParams = z.object({ id: recordIdParam });
export const resolveMismatchBody = z.object({ note: z.string().trim().min(5).max(500) });

export const paymentProvidersQuery = z.object({ merchant: z.string().max(40).optional() });

export const paymentProviderEnvValue = z.object({
  /** What the provider calls the credential (appKey, merchantPrivateKey...). */
  credential: z.string(),
  /** The environment variable's NAME the channel points at; null when the channel names none. */
  envName: z.string().nullable(),
  isSet: z.boolean(),
});

export const paymentProviderValue = z.object({
  channelId: z.number().int(),
  merchantCode: z.string(),
  channelCode: z.string(),
  channelName: z.string(),
  provider: z.string(),
  mode: z.enum(['sandbox', 'live']),
  baseUrl: z.string(),
  /** The channel overrides the provider's host for its mode (e.g. a LOCAL FAKE in a demo). */
  isBaseUrlOverridden: z.boolean(),
  env: z.array(paymentProviderEnvValue),
  isEnabled: z.boolean(),
  /** Enabled, every env var set, settings valid: members are offered it. */
  isReady: z.boolean(),
  problem: z.string().nullable(),
  payouts: z.boolean(),
  supportsPayouts: z.boolean(),
  supportsStatement: z.boolean(),
});
export type PaymentProviderValue = z.infer<typeof paymentProviderValue>;
export const paymentProvidersResponse = envelopeOf(z.object({ list: z.array(paymentProviderValue) }));
export const paymentProviderResponse = envelopeOf(paymentProviderValue);

export const paymentProviderParams = z.object({ id: recordIdParam });
/**
 * What an admin may change: on/off, sandbox/live and payouts. Not the base URL nor the env var
 * names: whoever could point a channel at any host or any variable could have the server send
 * a provider secret (or DATABASE_URL) to a host of their choosing. Those are deployment settings.
 */
export const paymentProviderBody = z.object({
  isEnabled: z.boolean(),
  mode: z.enum(['sandbox', 'live']),
  payouts: z.boolean(),
  reason: z.string().trim().min(5).max(300),
});
