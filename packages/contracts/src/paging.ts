import { z } from 'zod';

/**
 * The query fields of a numbered page: `pageNo` from 1 (at most `maxPageNo`; null: no bound),
 * default 1, and `pageSize` from 1 to `maxPageSize`, default `defaultPageSize`. Spread them into
 * a list's query object.
 */
export function pageFields({
  maxPageNo = 10_000,
  maxPageSize = 100,
  defaultPageSize = 20,
}: {
  maxPageNo?: number | null;
  maxPageSize?: number;
  defaultPageSize?: number;
} = {}) {
  const pageNo = z.coerce.number().int().min(1);
  return {
    pageNo: (maxPageNo === null ? pageNo : pageNo.max(maxPageNo)).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  };
}

/** A numbered page of a list: its rows (`list`), the count of every row, and the page asked for. */
export const numberedPage = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNo: z.number().int(), pageSize: z.number().int() });
