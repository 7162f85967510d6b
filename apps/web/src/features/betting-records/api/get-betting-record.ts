import type { BETTING_RECORD_PATHS, BettingRecordItem } from '@kismat/contracts/betting-records';
import type { GameCategory } from '@kismat/contracts/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const BETTING_RECORD_PATH = '/wps/relay/ODSFE2_MemTransDet' satisfies (typeof BETTING_RECORD_PATHS)['bettingRecord'];
export const RECORD_PAGE_SIZE = 20;

export interface RecordTotals {
  rounds: number;
  betAmount: string;
  payout: string;
  profit: string;
}

export interface BettingRecordPage {
  list: BettingRecordItem[];
  pageNo: number;
  pageSize: number;
  total: number;
  totals: RecordTotals;
  currency: string;
}

export interface BettingRecordParams {
  startDate: string;
  endDate: string;
  gameType?: GameCategory;
  pageNo: number;
}

/** The betting record (T): one row per round, totals over the whole range. */
export function getBettingRecord(params: BettingRecordParams): Promise<BettingRecordPage> {
  return api.get<BettingRecordPage>(BETTING_RECORD_PATH, { query: { ...params, pageSize: RECORD_PAGE_SIZE } });
}

export const bettingRecordsBaseKey = ['betting-records'] as const;

/** A records query (the rounds, the profit): the last answer stays on screen while the next range loads; fresh for 10 s. */
export function recordsQueryOptions<Params extends object, Value>(
  report: string,
  params: Params,
  fetchReport: (params: Params) => Promise<Value>,
) {
  return queryOptions({
    queryKey: [...bettingRecordsBaseKey, report, params] as const,
    queryFn: () => fetchReport(params),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function getBettingRecordQueryOptions(params: BettingRecordParams) {
  return recordsQueryOptions('rounds', params, getBettingRecord);
}

export function useBettingRecord(params: BettingRecordParams, isEnabled = true) {
  return useQuery({ ...getBettingRecordQueryOptions(params), enabled: isEnabled });
}
