import { z } from 'zod';
import { GAME_CATEGORIES } from './constants';
import { envelopeOf, moneyString } from './envelope';
import { pageFields } from './paging';

/**
 * The member's betting record (account menu "betting record", personalHistoryCopy) and
 * personal profit/loss (personalProfit), both from game rounds. Both are T.
 * Dates are calendar days in the merchant's time zone, inclusive; the web's presets are
 * next/previous 7 and 30 days. A range may span at most 92 days.
 */
export const BETTING_RECORD_PATHS = {
  /** The spec names ODSFE2_MemTransDet for transaction details: one row per round. */
  bettingRecord: '/wps/relay/ODSFE2_MemTransDet',
  /** Profit and loss per game type and vendor over the range. */
  personalProfit: '/wps/relay/ODSFE2_personalProfit',
} as const;

export const MAX_RECORD_RANGE_DAYS = 92;
export const ROUND_STATUSES = ['OPEN', 'CLOSED'] as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

export const bettingRecordQuery = z.object({
  startDate: day,
  endDate: day,
  gameType: z.enum(GAME_CATEGORIES).optional(),
  vassalage: z.string().max(32).optional(),
  ...pageFields(),
});
export type BettingRecordQuery = z.infer<typeof bettingRecordQuery>;

export const bettingRecordItem = z.object({
  roundId: z.string(),
  vassalage: z.string(),
  vendorName: z.string(),
  gameType: z.enum(GAME_CATEGORIES),
  gameCode: z.string(),
  gameName: z.string(),
  nodeId: z.number().int(),
  status: z.enum(ROUND_STATUSES),
  /** Stakes net of rolled-back bets. */
  betAmount: moneyString,
  /** Wins net of rolled-back wins. */
  payout: moneyString,
  /** payout - betAmount (negative: the member lost). */
  profit: moneyString,
  betTime: z.string().datetime(),
  settleTime: z.string().datetime().nullable(),
});
export type BettingRecordItem = z.infer<typeof bettingRecordItem>;

export const recordTotals = z.object({
  rounds: z.number().int(),
  betAmount: moneyString,
  payout: moneyString,
  profit: moneyString,
});

export const bettingRecordResponse = envelopeOf(
  z.object({
    list: z.array(bettingRecordItem),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    /** Over the whole filtered range, not just this page. */
    totals: recordTotals,
    currency: z.string(),
  }),
);

export const personalProfitQuery = bettingRecordQuery.omit({ pageNo: true, pageSize: true });
export const personalProfitRow = z.object({
  gameType: z.enum(GAME_CATEGORIES),
  vassalage: z.string(),
  vendorName: z.string(),
  rounds: z.number().int(),
  betAmount: moneyString,
  payout: moneyString,
  profit: moneyString,
});
export const personalProfitResponse = envelopeOf(
  z.object({ list: z.array(personalProfitRow), totals: recordTotals, currency: z.string() }),
);
