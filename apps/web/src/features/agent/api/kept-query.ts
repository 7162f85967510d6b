import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** A list page or report: the last answer stays on screen while the next one (another page, filter or range) loads. */
export function useKeptQuery<Params, Value>(
  queryKey: readonly unknown[],
  fetchPage: (params: Params) => Promise<Value>,
  params: Params,
  isEnabled = true,
) {
  return useQuery({ queryKey, queryFn: () => fetchPage(params), placeholderData: keepPreviousData, enabled: isEnabled });
}
