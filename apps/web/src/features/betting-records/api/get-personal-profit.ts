import type { BETTING_RECORD_PATHS } from '@kismat/contracts/betting-records';
import type { GameCategory } from '@kismat/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type RecordTotals, recordsQueryOptions } from './get-betting-record';

const PERSONAL_PROFIT_PATH = '/wps/relay/ODSFE2_personalProfit' satisfies (typeof BETTING_RECORD_PATHS)['personalProfit'];

export interface PersonalProfitRow {
  gameType: GameCategory;
  vassalage: string;
  vendorName: string;
  rounds: number;
  betAmount: string;
  payout: string;
  profit: string;
}

export interface PersonalProfitValue {
  list: PersonalProfitRow[];
  totals: RecordTotals;
  currency: string;
}

export interface PersonalProfitParams {
  startDate: string;
  endDate: string;
  gameType?: GameCategory;
}

/** Personal profit and loss (T): per game type and vendor over the range. */
export function getPersonalProfit(params: PersonalProfitParams): Promise<PersonalProfitValue> {
  return api.get<PersonalProfitValue>(PERSONAL_PROFIT_PATH, { query: { ...params } });
}

export function getPersonalProfitQueryOptions(params: PersonalProfitParams) {
  return recordsQueryOptions('profit', params, getPersonalProfit);
}

export function usePersonalProfit(params: PersonalProfitParams, isEnabled = true) {
  return useQuery({ ...getPersonalProfitQueryOptions(params), enabled: isEnabled });
}
