import { z } from 'zod';
import { envelopeOf, moneyString } from './envelope';

/**
 * The back office's reports (issue 19 item 3, docs/reports.md): money and play of one merchant
 * over local days (the merchant's utc_offset_minutes), bucketed by day, week (Monday) or month,
 * computed from the hourly pre-aggregates plus the hours not yet folded, read live. Amounts are
 * two-decimal strings; GGR = bets - wins; NGR = GGR - bonuses (net promotion cost).
 */
export const OPERATOR_REPORT_PATHS = {
  report: '/admin-api/merchants/:code/reports',
  dashboard: '/admin-api/merchants/:code/reports/dashboard',
  /** The same report as CSV (UTF-8 with a BOM, for Excel); `view` picks the table. */
  export: '/admin-api/merchants/:code/reports/export',
} as const;

export const REPORT_BUCKETS = ['day', 'week', 'month'] as const;
export type ReportBucket = (typeof REPORT_BUCKETS)[number];
export const REPORT_VIEWS = ['periods', 'channels', 'games'] as const;
export type ReportView = (typeof REPORT_VIEWS)[number];

/** Longest range one report may span (a year and a bit). */
export const REPORT_MAX_DAYS = 400;

const localDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

export const reportQuery = z
  .object({
    from: localDay,
    to: localDay,
    by: z.enum(REPORT_BUCKETS).default('day'),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export type ReportQuery = z.infer<typeof reportQuery>;

export const reportExportQuery = z
  .object({
    from: localDay,
    to: localDay,
    by: z.enum(REPORT_BUCKETS).default('day'),
    view: z.enum(REPORT_VIEWS).default('periods'),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export type ReportExportQuery = z.infer<typeof reportExportQuery>;

export const reportFigures = z.object({
  depositCount: z.number().int(),
  deposits: moneyString,
  withdrawalCount: z.number().int(),
  withdrawals: moneyString,
  rounds: z.number().int(),
  bets: moneyString,
  wins: moneyString,
  ggr: moneyString,
  bonuses: moneyString,
  ngr: moneyString,
  commissions: moneyString,
  newMembers: z.number().int(),
  firstDepositors: z.number().int(),
  activeMembers: z.number().int(),
  depositingMembers: z.number().int(),
});
export type ReportFigures = z.infer<typeof reportFigures>;

export const reportPeriodRow = reportFigures.extend({ period: localDay });
export const reportChannelRow = z.object({
  channel: z.string(),
  depositCount: z.number().int(),
  deposits: moneyString,
  withdrawalCount: z.number().int(),
  withdrawals: moneyString,
});
export const reportGameRow = z.object({
  gameType: z.string(),
  vendorCode: z.string(),
  vendorName: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  rounds: z.number().int(),
  bets: moneyString,
  wins: moneyString,
  ggr: moneyString,
});
export type ReportPeriodRow = z.infer<typeof reportPeriodRow>;
export type ReportChannelRow = z.infer<typeof reportChannelRow>;
export type ReportGameRow = z.infer<typeof reportGameRow>;

export const reportValue = z.object({
  from: localDay,
  to: localDay,
  by: z.enum(REPORT_BUCKETS),
  utcOffsetMinutes: z.number().int(),
  /** Hours before this instant come from the pre-aggregates; later ones were read live. */
  derivedUntil: z.string().nullable(),
  totals: reportFigures,
  periods: z.array(reportPeriodRow),
  channels: z.array(reportChannelRow),
  games: z.array(reportGameRow),
});
export type ReportValue = z.infer<typeof reportValue>;
export const reportResponse = envelopeOf(reportValue);

export const dashboardValue = z.object({
  today: localDay,
  yesterday: localDay,
  utcOffsetMinutes: z.number().int(),
  todayTotals: reportFigures,
  yesterdayTotals: reportFigures,
  /** Bets and GGR per local hour (0-23) of today and yesterday, for the chart. */
  hours: z.array(
    z.object({
      hour: z.number().int(),
      todayBets: moneyString,
      yesterdayBets: moneyString,
      todayGgr: moneyString,
      yesterdayGgr: moneyString,
    }),
  ),
});
export type DashboardValue = z.infer<typeof dashboardValue>;
export const dashboardResponse = envelopeOf(dashboardValue);
