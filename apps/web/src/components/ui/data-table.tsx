import type { ReactNode, TdHTMLAttributes } from 'react';
import styles from './data-table.module.css';

type CellProps = TdHTMLAttributes<HTMLTableCellElement> & Partial<Record<`data-${string}`, string>>;

export interface DataColumn<Row> {
  /** Unique among the columns (React key). */
  id: string;
  label: string;
  cell: (row: Row) => ReactNode;
  /** A right-aligned figure (amounts, counts). */
  isNumber?: boolean;
  /** The row's buttons: a header only screen readers hear, the foot of the card on a phone. */
  isAction?: boolean;
  /** Extra classes of this column's cells (a credit/debit colour). */
  cellClassName?: (row: Row) => string | undefined;
  /** Other attributes of this column's cells (data-sign for a coloured profit or loss, a title). */
  cellProps?: (row: Row) => CellProps;
}

export interface DataTableProps<Row> {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** A totals row under the body, cell by cell as the columns. */
  footer?: ReactNode;
  /** Keep the scrolling table on a phone instead of one card per row (wide reports). */
  isCardless?: boolean;
  /** The first cell is the card's title (a time) and needs no label; false labels it too. */
  hasTitleCell?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
  /** data-testid of every body row (end-to-end specs find rows by it). */
  rowTestId?: string;
}

function classes(...names: (string | false | undefined)[]): string | undefined {
  return names.filter(Boolean).join(' ') || undefined;
}

/**
 * The table of the member centre and the agent centre: on a phone each row becomes a card whose
 * cells name their column (data-label), so every column and row action stays in reach without
 * scrolling sideways.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  footer,
  isCardless,
  hasTitleCell = true,
  'aria-label': label,
  'data-testid': testId,
  rowTestId,
}: DataTableProps<Row>) {
  return (
    <div className={styles.wrap}>
      <table className={classes(styles.table, !isCardless && styles.cards)} aria-label={label} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={classes(column.isNumber && styles.number)}>
                {column.isAction ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column, index) => (
                <td
                  key={column.id}
                  {...column.cellProps?.(row)}
                  className={classes(column.isNumber && styles.number, column.isAction && styles.actions, column.cellClassName?.(row))}
                  data-label={column.isAction || (hasTitleCell && index === 0) ? undefined : column.label}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </div>
  );
}
