import type { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { IssueVerifyValue } from '../utils/house-games-types';
import { houseGamesKeys } from './house-games-keys';

const VERIFY_ISSUE_PATH = '/lotto/lgw/numeros/:issueId/verify' satisfies (typeof HOUSE_GAME_PATHS)['verifyIssue'];

/** The inputs to redraw an issue; the server seed is null until the issue is drawn (N). */
export function getIssueVerify(issueId: string): Promise<IssueVerifyValue> {
  return api.get<IssueVerifyValue>(VERIFY_ISSUE_PATH.replace(':issueId', encodeURIComponent(issueId)));
}

export function getIssueVerifyQueryOptions(issueId: string) {
  return queryOptions({ queryKey: houseGamesKeys.issueVerify(issueId), queryFn: () => getIssueVerify(issueId) });
}

export function useIssueVerify(issueId: string | null) {
  return useQuery({ ...getIssueVerifyQueryOptions(issueId ?? ''), enabled: Boolean(issueId && /^\d{1,18}$/.test(issueId)) });
}
