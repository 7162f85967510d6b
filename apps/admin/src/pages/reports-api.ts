import {
  type DashboardValue,
  OPERATOR_REPORT_PATHS,
  type ReportBucket,
  type ReportValue,
  type ReportView,
} from '@kismat/contracts/reports';
import { ApiError, api, getToken } from '../api';
import { merchantPath } from './loyalty-hub';

export interface ReportFilter {
  from: string;
  to: string;
  by: ReportBucket;
}

function query(filter: ReportFilter, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ from: filter.from, to: filter.to, by: filter.by, ...extra }).toString();
}

export function fetchReport(code: string, filter: ReportFilter): Promise<ReportValue> {
  return api<ReportValue>('GET', `${merchantPath(OPERATOR_REPORT_PATHS.report, code)}?${query(filter)}`);
}

export function fetchDashboard(code: string): Promise<DashboardValue> {
  return api<DashboardValue>('GET', merchantPath(OPERATOR_REPORT_PATHS.dashboard, code));
}

/** Downloads the CSV (an authorised call, so fetched, then handed to the browser as a file). */
export async function downloadReportCsv(code: string, filter: ReportFilter, view: ReportView): Promise<void> {
  const token = getToken();
  const response = await fetch(`${merchantPath(OPERATOR_REPORT_PATHS.export, code)}?${query(filter, { view })}`, {
    headers: { language: 'EN', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    throw new ApiError(body?.code ?? 'NETWORK', body?.message ?? `The export failed (${response.status}).`, response.status, null);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `report-${view}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
