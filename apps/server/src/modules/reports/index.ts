/*
 * The reports module's face (issue 19 item 3, docs/reports.md): the hourly fold (a scheduled job
 * and the catch-up) and the reads behind the back office's reports.
 */

export {
  deriveReportHours,
  type FoldResult,
  foldMerchantReports,
  foldReports,
  foldReportsJob,
  rewindReportWatermark,
} from './fold-report-hours';
export { readDashboard, readReport } from './read-report';
export { CSV_BOM, csvField, reportCsvLines } from './report-csv';
