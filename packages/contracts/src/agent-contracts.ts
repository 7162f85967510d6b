import { z } from 'zod';
import {
  BILL_STATUSES,
  billValue,
  CONTRACT_STATUSES,
  contractTermsInput,
  contractType,
  contractValue,
  DIVIDEND_PERIODS,
  paged,
  pageQuery,
} from './agent-vocabulary';
import { envelopeOf } from './envelope';
import { recordId, recordIdParam } from './ids';
import { amountOutput } from './wallet';

/* Contracts: the agent's offers, the downline's relays and the operator's top-level contracts (the calls are AGENT_PATHS of ./agent.ts, whose conventions apply). */

import { billsResponse } from './agent-reports';

// ---------------------------------------------------------------------------------------------
// Contracts: the agent's offers to direct downlines

export const offeredContractsQuery = pageQuery.extend({
  type: contractType.optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
  memberId: recordIdParam.optional(),
});
export const offeredContractsResponse = envelopeOf(paged(contractValue));

/**
 * Offer a contract to a direct downline. Refused with CONTRACT_EXCEEDS_UPLINE when any tier
 * pays more than the caller's own ACTIVE contract of the type would at the same thresholds (or
 * the caller has none), CONTRACT_TERMS_INVALID when period/basis/tiers break the type's rules,
 * CONTRACT_OFFER_PENDING when an offer of the type is already waiting. A new offer replaces
 * the downline's ACTIVE contract of the type only once accepted.
 */
export const offerContractBody = z.object({
  memberId: recordId,
  type: contractType,
  terms: contractTermsInput,
});
export const contractResponse = envelopeOf(contractValue);

/** Terminate (ACTIVE) or withdraw (PENDING) an offer the caller made. */
export const terminateContractResponse = envelopeOf(z.object({ contract: contractValue, cascadedContractIds: z.array(z.number().int()) }));

// ---------------------------------------------------------------------------------------------
// Relays: the downline's side (MCS2_processDividendReq and friends)

/**
 * action:
 *   list       the caller's contracts of this type (any status, newest first) and pending offers
 *   accept     accept the PENDING offer `contractId`; if it lowers terms below contracts the
 *              caller gave its own downlines, CONTRACT_DOWNLINE_CONFLICT (409) lists them in
 *              value.contractIds unless agreeTerminateDownlines is true, in which case they end
 *              (terminationReason UPLINE_TERMS_LOWERED)
 *   reject     reject the PENDING offer `contractId`
 *   terminate  end the caller's ACTIVE contract `contractId` (its own downline contracts of the
 *              type end too: UPLINE_CONTRACT_ENDED)
 *   bills      the caller's received bills of this type (pageNo/pageSize)
 */
export const CONTRACT_RELAY_ACTIONS = ['list', 'accept', 'reject', 'terminate', 'bills'] as const;
export const contractRelayBody = z.object({
  action: z.enum(CONTRACT_RELAY_ACTIONS).default('list'),
  contractId: recordId.optional(),
  agreeTerminateDownlines: z.boolean().optional(),
  pageNo: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export const contractRelayValue = z.object({
  type: contractType,
  /** The ACTIVE contract, if any. */
  active: contractValue.nullable(),
  /** Offers waiting for the caller's answer. */
  pending: z.array(contractValue),
  /** list: every contract of the type; other actions: the contract acted on. */
  contracts: z.array(contractValue),
  /** Contracts that ended as a consequence (auto-termination, cascade). */
  cascadedContractIds: z.array(z.number().int()),
  bills: z.array(billValue),
});
export const contractRelayResponse = envelopeOf(contractRelayValue);

/** value of CONTRACT_DOWNLINE_CONFLICT (409). */
export const contractConflictValue = z.object({ contractIds: z.array(z.number().int()) });

// ---------------------------------------------------------------------------------------------
// Operator

export const operatorOfferContractBody = z.object({
  merchantCode: z.string().min(1).max(40),
  memberId: recordId,
  type: contractType,
  terms: contractTermsInput,
});
export const operatorContractsQuery = pageQuery.extend({
  merchantCode: z.string().min(1).max(40),
  type: contractType.optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
  memberId: recordIdParam.optional(),
});
export const operatorBillsQuery = operatorContractsQuery.omit({ status: true }).extend({ status: z.enum(BILL_STATUSES).optional() });
export const operatorSettleBody = z.object({
  merchantCode: z.string().min(1).max(40),
  type: contractType,
  /** Dividend contracts of this period (default MONTHLY); salaries have their own fixed period. */
  period: z.enum(DIVIDEND_PERIODS).optional(),
  /** Any moment inside the period to settle (it must have ended); default: the last ended period. */
  at: z.string().datetime({ offset: true }).optional(),
});
export const settlementSummaryValue = z.object({
  type: contractType,
  periodKey: z.string(),
  periodStart: z.string().datetime(),
  periodEnd: z.string().datetime(),
  /** Bills created by this run; contracts already billed for the period are skipped. */
  billed: z.number().int(),
  skipped: z.number().int(),
  paid: z.number().int(),
  partial: z.number().int(),
  unpaid: z.number().int(),
  nil: z.number().int(),
  totalDue: amountOutput,
  totalPaid: amountOutput,
});
export const settlementSummaryResponse = envelopeOf(settlementSummaryValue);
export const operatorContractsResponse = offeredContractsResponse;
export const operatorBillsResponse = billsResponse;
