import type { ReportValue } from '@kismat/contracts/reports';
import { formatMoney } from '../format';
import type { ReportTable } from './reports-filters';

/*
 * The report's tables: every column sortable (a click on its heading; again reverses), numbers
 * compared exactly as decimals, the sort kept in the URL by the caller.
 */

export interface Column {
  key: string;
  label: string;
  money?: boolean;
  count?: boolean;
}

type Row = Record<string, string | number>;

const FIGURES: Column[] = [
  { key: 'depositCount', label: 'Deposits #', count: true },
  { key: 'deposits', label: 'Deposits', money: true },
  { key: 'withdrawalCount', label: 'Withdrawals #', count: true },
  { key: 'withdrawals', label: 'Withdrawals', money: true },
  { key: 'bets', label: 'Bets', money: true },
  { key: 'wins', label: 'Wins', money: true },
  { key: 'ggr', label: 'GGR', money: true },
  { key: 'bonuses', label: 'Bonuses', money: true },
  { key: 'ngr', label: 'NGR', money: true },
  { key: 'commissions', label: 'Commissions', money: true },
  { key: 'newMembers', label: 'New', count: true },
  { key: 'activeMembers', label: 'Active', count: true },
  { key: 'depositingMembers', label: 'Depositing', count: true },
  { key: 'firstDepositors', label: 'First deposits', count: true },
];
const PLAY: Column[] = [
  { key: 'rounds', label: 'Rounds', count: true },
  { key: 'bets', label: 'Bets', money: true },
  { key: 'wins', label: 'Wins', money: true },
  { key: 'ggr', label: 'GGR', money: true },
];

function cents(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = '00'] = value.replace('-', '').split('.');
  const amount = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -amount : amount;
}

function addMoney(a: string, b: string): string {
  const sum = cents(a) + cents(b);
  const negative = sum < 0n;
  const size = negative ? -sum : sum;
  return `${negative ? '-' : ''}${size / 100n}.${String(size % 100n).padStart(2, '0')}`;
}

/** Groups the game rows by game type or vendor (sums exact). */
function groupGames(report: ReportValue, key: 'gameType' | 'vendorName'): Row[] {
  const groups = new Map<string, Row>();
  for (const game of report.games) {
    const name = game[key];
    const row = groups.get(name) ?? { [key]: name, rounds: 0, bets: '0.00', wins: '0.00', ggr: '0.00' };
    row.rounds = Number(row.rounds) + game.rounds;
    for (const money of ['bets', 'wins', 'ggr'] as const) row[money] = addMoney(String(row[money]), game[money]);
    groups.set(name, row);
  }
  return [...groups.values()];
}

export function tableOf(report: ReportValue, table: ReportTable): { columns: Column[]; rows: Row[] } {
  if (table === 'periods') return { columns: [{ key: 'period', label: 'Period' }, ...FIGURES], rows: report.periods };
  if (table === 'channels') {
    return {
      columns: [{ key: 'channel', label: 'Channel' }, ...FIGURES.slice(0, 4)],
      rows: report.channels,
    };
  }
  if (table === 'gameTypes') return { columns: [{ key: 'gameType', label: 'Game type' }, ...PLAY], rows: groupGames(report, 'gameType') };
  if (table === 'vendors') return { columns: [{ key: 'vendorName', label: 'Vendor' }, ...PLAY], rows: groupGames(report, 'vendorName') };
  return {
    columns: [{ key: 'gameName', label: 'Game' }, { key: 'vendorName', label: 'Vendor' }, { key: 'gameType', label: 'Type' }, ...PLAY],
    rows: report.games,
  };
}

export function sortRows(rows: Row[], columns: Column[], sort: string, desc: boolean): Row[] {
  const column = columns.find((item) => item.key === sort);
  if (!column) return rows;
  const sign = desc ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = a[column.key] ?? '';
    const y = b[column.key] ?? '';
    if (column.money) return cents(String(x)) > cents(String(y)) ? sign : cents(String(x)) < cents(String(y)) ? -sign : 0;
    if (column.count) return (Number(x) - Number(y)) * sign;
    return String(x).localeCompare(String(y)) * sign;
  });
}

/** A row's identity: its text columns (period, channel, game with vendor and type) and the game code when there is one. */
function rowKey(row: Row, columns: Column[]): string {
  return [
    ...columns.filter((column) => !column.money && !column.count).map((column) => String(row[column.key] ?? '')),
    String(row.gameCode ?? ''),
  ].join('|');
}

export function SortableTable({
  columns,
  rows,
  sort,
  desc,
  onSort,
  label,
}: {
  columns: Column[];
  rows: Row[];
  sort: string;
  desc: boolean;
  onSort: (key: string) => void;
  label: string;
}) {
  return (
    <div className="report-table-wrap">
      <table className="table report-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.money || column.count ? 'num' : undefined}
                aria-sort={sort === column.key ? (desc ? 'descending' : 'ascending') : 'none'}
              >
                <button type="button" className="sort-button" onClick={() => onSort(column.key)}>
                  {column.label}
                  {sort === column.key ? (desc ? ' ▼' : ' ▲') : ''}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row, columns)}>
              {columns.map((column) => (
                <td key={column.key} data-label={column.label} className={column.money || column.count ? 'num' : undefined}>
                  {column.money ? formatMoney(String(row[column.key] ?? '0.00')) : String(row[column.key] ?? '')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
