import type { ReactNode } from 'react';
import { formatMoney } from '../format';

/** A column heading: its text, or an empty heading named for screen readers only. */
export type TableHeading = string | { label: string; className?: string; ariaLabel?: string };

/** A number column's heading: right-aligned like its cells (NumCell, MoneyCell). */
export const numeric = (label: string): TableHeading => ({ label, className: 'num' });

/** A number's cell, right-aligned; `label` is its column's heading (shown on phones). */
export function NumCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td data-label={label} className="num">
      {children}
    </td>
  );
}

/** An amount's cell (formatMoney), right-aligned. */
export function MoneyCell({ label, amount }: { label: string; amount: string }) {
  return <NumCell label={label}>{formatMoney(amount)}</NumCell>;
}

/** A table with one column heading each; on phones each cell shows its heading as data-label (styles/phones.css). */
export function DataTable({
  className,
  headings,
  children,
}: {
  className?: string;
  headings: readonly TableHeading[];
  children: ReactNode;
}) {
  return (
    <table className={className ? `table ${className}` : 'table'}>
      <thead>
        <tr>
          {headings.map((heading) =>
            typeof heading === 'string' ? (
              <th key={heading} scope="col">
                {heading}
              </th>
            ) : (
              <th key={heading.ariaLabel ?? heading.label} scope="col" className={heading.className} aria-label={heading.ariaLabel}>
                {heading.label || null}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** Previous and next for a paged list; nothing when one page holds it all. */
export function Pager({
  pageNo,
  pageSize,
  total,
  noun,
  onPage,
}: {
  pageNo: number;
  pageSize: number;
  total: number;
  noun: string;
  onPage: (pageNo: number) => void;
}) {
  if (total <= pageSize) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="button ghost" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        Previous
      </button>
      <span>
        Page {pageNo} of {pages} · {total} {noun}
      </span>
      <button type="button" className="button ghost" disabled={pageNo >= pages} onClick={() => onPage(pageNo + 1)}>
        Next
      </button>
    </nav>
  );
}

/** What a list shows besides its rows: the load error, "Loading…" until the first answer, the empty text. */
export function ListStatus({
  error,
  rows,
  empty,
}: {
  error: string | null;
  rows: readonly unknown[] | null | undefined;
  empty: ReactNode;
}) {
  return (
    <>
      {error ? <p className="banner error">{error}</p> : null}
      {!rows && !error ? <p className="empty">Loading…</p> : null}
      {rows?.length === 0 ? <p className="empty">{empty}</p> : null}
    </>
  );
}

/** A list: its load error, "Loading…" or empty text (ListStatus), then the table of its rows once there are any. */
export function ListTable<Row>({
  error,
  rows,
  empty,
  className,
  headings,
  row,
}: {
  error: string | null;
  rows: readonly Row[] | null | undefined;
  empty: ReactNode;
  className?: string;
  headings: readonly TableHeading[];
  /** One row's `<tr>` (with its key). */
  row: (row: Row) => ReactNode;
}) {
  return (
    <>
      <ListStatus error={error} rows={rows} empty={empty} />
      {rows && rows.length > 0 ? (
        <DataTable className={className} headings={headings}>
          {rows.map(row)}
        </DataTable>
      ) : null}
    </>
  );
}
