import { REPORT_BUCKETS, type ReportBucket } from '@kismat/contracts/reports';

/*
 * The report's filters live in the URL (`#/reports/report?from=…&to=…&by=…&view=…&sort=…`), so a
 * link or a reload opens the same report.
 */

export const REPORT_TABLES = ['periods', 'channels', 'gameTypes', 'vendors', 'games'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

export interface ReportUrlState {
  from: string;
  to: string;
  by: ReportBucket;
  table: ReportTable;
  sort: string;
  desc: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00`);
  date.setDate(date.getDate() + days);
  return isoDay(date);
}

export function readReportUrl(): ReportUrlState {
  const params = new URLSearchParams(window.location.hash.split('?')[1] ?? '');
  const today = isoDay(new Date());
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const by = params.get('by') as ReportBucket | null;
  const table = params.get('table') as ReportTable | null;
  return {
    from: DAY.test(from) ? from : shiftDay(today, -6),
    to: DAY.test(to) ? to : today,
    by: by && REPORT_BUCKETS.includes(by) ? by : 'day',
    table: table && REPORT_TABLES.includes(table) ? table : 'periods',
    sort: params.get('sort') ?? '',
    desc: params.get('dir') !== 'asc',
  };
}

export function writeReportUrl(state: ReportUrlState): void {
  const params = new URLSearchParams({ from: state.from, to: state.to, by: state.by, table: state.table });
  if (state.sort) {
    params.set('sort', state.sort);
    params.set('dir', state.desc ? 'desc' : 'asc');
  }
  const next = `#/reports/report?${params.toString()}`;
  if (window.location.hash !== next) window.history.replaceState(null, '', next);
}

/** The presets an operator picks most: local days of the browser, the server reads them in the merchant's zone. */
export function presetRange(preset: 'today' | 'yesterday' | 'last7' | 'thisMonth' | 'lastMonth'): { from: string; to: string } {
  const today = isoDay(new Date());
  if (preset === 'today') return { from: today, to: today };
  if (preset === 'yesterday') return { from: shiftDay(today, -1), to: shiftDay(today, -1) };
  if (preset === 'last7') return { from: shiftDay(today, -6), to: today };
  const first = `${today.slice(0, 8)}01`;
  if (preset === 'thisMonth') return { from: first, to: today };
  const lastOfPrevious = shiftDay(first, -1);
  return { from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious };
}
