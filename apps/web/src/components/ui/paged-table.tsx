import { DataTable, type DataTableProps } from './data-table';
import type { IconName } from './icon';
import { Pagination } from './pagination';
import { QueryState } from './query-state';

interface PagedTableProps<Row> extends Omit<DataTableProps<Row>, 'rows'> {
  /** One page of the list: its rows and how many there are in all. */
  query: { data?: { list: readonly Row[]; total: number }; isPending: boolean; error: Error | null; refetch: () => unknown };
  errorTitle: string;
  emptyTitle: string;
  emptyIcon?: IconName;
  /** 1-based, as the API counts pages. */
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  pagerLabels: { nav: string; previous: string; next: string };
}

/** A paged list from the API: loading, failed and empty states, then the page's table and the pager. */
export function PagedTable<Row>({
  query,
  errorTitle,
  emptyTitle,
  emptyIcon,
  page,
  pageSize,
  onPage,
  pagerLabels,
  ...table
}: PagedTableProps<Row>) {
  const pageCount = Math.max(1, Math.ceil((query.data?.total ?? 0) / pageSize));
  return (
    <QueryState query={query} errorTitle={errorTitle} isEmpty={query.data?.list.length === 0} emptyTitle={emptyTitle} emptyIcon={emptyIcon}>
      <DataTable {...table} rows={query.data?.list ?? []} />
      <Pagination page={page - 1} pageCount={pageCount} onChange={(next) => onPage(next + 1)} labels={pagerLabels} />
    </QueryState>
  );
}
