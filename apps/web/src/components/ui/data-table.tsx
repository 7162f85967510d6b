import type { ReactNode } from 'react';
import styles from './data-table.module.css';

export interface DataColumn<Row> {
  /** Unique among the columns (React key). */
  id: string;
  label: string;
  cell: (row: Row) => ReactNode;
  /** A right-aligned figure (amounts, counts). */
  isNumber?: boolean;
  /** Extra classes of this column's cells (a credit/debit colour). */
  cellClassName?: (row: Row) => string | undefined;
  /** data-* attributes of this column's cells (data-sign for a coloured profit or loss). */
  cellData?: (row: Row) => Record<`data-${string}`, string | undefined>;
}

interface DataTableProps<Row> {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** A totals row under the body, cell by cell as the columns. */
  footer?: ReactNode;
  /** Keep the scrolling table on a phone instead of one card per row (wide reports). */
  isCardless?: boolean;
  'aria-label'?: string;
}

/**
 * The table of the member centre and the agent centre: on a phone each row becomes a card whose
 * cells name their column (data-label); the first cell is the card's title and needs none.
 */
export function DataTable<Row>({ columns, rows, rowKey, footer, isCardless, 'aria-label': label }: DataTableProps<Row>) {
  const tableClass = isCardless ? styles.table : `${styles.table} ${styles.cards}`;
  return (
    <div className={styles.wrap}>
      <table className={tableClass} aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} className={column.isNumber ? styles.number : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) => (
                <td
                  key={column.id}
                  className={
                    [column.isNumber ? styles.number : undefined, column.cellClassName?.(row)].filter(Boolean).join(' ') || undefined
                  }
                  data-label={index === 0 ? undefined : column.label}
                  {...column.cellData?.(row)}
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
