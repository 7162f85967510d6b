import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type DataColumn, DataTable } from './data-table';

interface Row {
  id: number;
  when: string;
  amount: string;
}

const columns: DataColumn<Row>[] = [
  { id: 'when', label: 'Time', cell: (row) => row.when },
  {
    id: 'amount',
    label: 'Amount',
    isNumber: true,
    cell: (row) => row.amount,
    cellClassName: (row) => (row.amount.startsWith('-') ? 'debit' : undefined),
  },
];

describe('DataTable', () => {
  it('names each cell but the first by its column, so a phone shows the rows as labelled cards', () => {
    render(
      <DataTable
        columns={columns}
        rows={[{ id: 1, when: '15/05/2024', amount: '-12.50' }]}
        rowKey={(row) => row.id}
        aria-label="Records"
      />,
    );
    const table = screen.getByRole('table', { name: 'Records' });
    expect(table.className).toContain('cards');
    const [time, amount] = within(table).getAllByRole('cell');
    expect(time?.getAttribute('data-label')).toBeNull();
    expect(amount?.getAttribute('data-label')).toBe('Amount');
    expect(amount?.className).toBe('number debit');
    expect(within(table).getByRole('columnheader', { name: 'Amount' }).className).toBe('number');
  });

  it('keeps a wide report a scrolling table when asked', () => {
    render(<DataTable columns={columns} rows={[]} rowKey={(row) => row.id} isCardless aria-label="Report" />);
    expect(screen.getByRole('table', { name: 'Report' }).className).not.toContain('cards');
  });
});
