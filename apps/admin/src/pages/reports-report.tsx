import { REPORT_BUCKETS, type ReportBucket, type ReportValue, type ReportView } from '@kismat/contracts/reports';
import { useCallback, useEffect, useState } from 'react';
import { failureText } from '../api';
import { Options } from '../components/fields';
import { BarChart } from '../components/svg-chart';
import { useLoaded } from '../components/use-loaded';
import { formatMoney } from '../format';
import { downloadReportCsv, fetchReport } from './reports-api';
import { presetRange, REPORT_TABLES, type ReportTable, type ReportUrlState, readReportUrl, writeReportUrl } from './reports-filters';
import { SortableTable, sortRows, tableOf } from './reports-tables';

const TABLE_LABELS: Record<ReportTable, string> = {
  periods: 'By period',
  channels: 'By channel',
  gameTypes: 'By game type',
  vendors: 'By vendor',
  games: 'By game',
};
const BUCKET_LABELS: Record<ReportBucket, string> = { day: 'Day', week: 'Week', month: 'Month' };
const CSV_VIEW: Record<ReportTable, ReportView> = {
  periods: 'periods',
  channels: 'channels',
  gameTypes: 'games',
  vendors: 'games',
  games: 'games',
};

function Totals({ report }: { report: ReportValue }) {
  const t = report.totals;
  const items: [string, string][] = [
    ['Deposits', `${formatMoney(t.deposits)} (${t.depositCount})`],
    ['Withdrawals', `${formatMoney(t.withdrawals)} (${t.withdrawalCount})`],
    ['Bets', formatMoney(t.bets)],
    ['Wins', formatMoney(t.wins)],
    ['GGR', formatMoney(t.ggr)],
    ['Bonuses', formatMoney(t.bonuses)],
    ['NGR', formatMoney(t.ngr)],
    ['Commissions', formatMoney(t.commissions)],
    ['New members', String(t.newMembers)],
    ['Active members', String(t.activeMembers)],
    ['Depositing members', String(t.depositingMembers)],
    ['First deposits', String(t.firstDepositors)],
  ];
  return (
    <dl className="kpis" data-testid="report-totals">
      {items.map(([label, value]) => (
        <div key={label} className="kpi">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The period buttons above the report, each a presetRange. */
const QUICK_PERIODS: readonly [Parameters<typeof presetRange>[0], string][] = [
  ['today', 'Today'],
  ['yesterday', 'Yesterday'],
  ['last7', 'Last 7 days'],
  ['thisMonth', 'This month'],
  ['lastMonth', 'Last month'],
];

/** A required day of the report's period, kept within `min`..`max`. */
function DayField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  return (
    <label className="field inline">
      <span>{label}</span>
      <input type="date" value={value} min={min} max={max} required onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** One report over local days: period pickers, totals, a chart, sortable tables and the CSV export; filters in the URL. */
export function ReportsReport({ code }: { code: string }) {
  const [state, setState] = useState<ReportUrlState>(readReportUrl);
  const [form, setForm] = useState({ from: state.from, to: state.to });
  const [exportError, setExportError] = useState<string | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  useEffect(() => writeReportUrl(state), [state]);
  const { from, to, by } = state;
  const request = useCallback(() => fetchReport(code, { from, to, by }), [code, from, to, by]);
  const { data: report, error } = useLoaded(request, 'The report could not be loaded.', { clearOnChange: true });

  const update = (patch: Partial<ReportUrlState>) => setState((current) => ({ ...current, ...patch }));
  const pick = (preset: Parameters<typeof presetRange>[0]) => {
    const range = presetRange(preset);
    setForm(range);
    update(range);
  };
  const exportCsv = async () => {
    setExportError(null);
    setIsExporting(true);
    try {
      await downloadReportCsv(code, { from, to, by }, CSV_VIEW[state.table]);
    } catch (caught) {
      setExportError(failureText(caught, 'The CSV could not be exported.'));
    } finally {
      setIsExporting(false);
    }
  };
  const table = report ? tableOf(report, state.table) : null;
  const hasData = report ? report.periods.length > 0 || report.channels.length > 0 || report.games.length > 0 : false;

  return (
    <section aria-labelledby="report-title" className="reports">
      <div className="section-head">
        <h1 id="report-title">Report</h1>
        <button
          type="button"
          className="button"
          onClick={() => void exportCsv()}
          disabled={!report || isExporting}
          data-testid="report-export"
        >
          {isExporting ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      <div className="filters report-filters">
        <fieldset className="preset-row">
          <legend className="sr-only">Quick periods</legend>
          {QUICK_PERIODS.map(([preset, label]) => (
            <button key={preset} type="button" className="button ghost" onClick={() => pick(preset)}>
              {label}
            </button>
          ))}
        </fieldset>
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            update(form);
          }}
        >
          <DayField label="From" value={form.from} max={form.to} onChange={(from) => setForm({ ...form, from })} />
          <DayField label="To" value={form.to} min={form.from} onChange={(to) => setForm({ ...form, to })} />
          <button type="submit" className="button">
            Show
          </button>
          <label className="field inline">
            <span>By</span>
            <select value={by} onChange={(event) => update({ by: event.target.value as ReportBucket })}>
              <Options values={REPORT_BUCKETS} text={(bucket) => BUCKET_LABELS[bucket]} />
            </select>
          </label>
        </form>
      </div>
      <p className="hint">
        Local days of the merchant
        {report
          ? ` (UTC${report.utcOffsetMinutes >= 0 ? '+' : '−'}${Math.floor(Math.abs(report.utcOffsetMinutes) / 60)}:${String(Math.abs(report.utcOffsetMinutes) % 60).padStart(2, '0')})`
          : ''}
        . GGR = bets − wins; NGR = GGR − bonuses.
      </p>
      {error ? <p className="banner error">{error}</p> : null}
      {exportError ? <p className="banner error">{exportError}</p> : null}
      {!report && !error ? <p className="empty">Loading…</p> : null}
      {report ? (
        <>
          <Totals report={report} />
          {!hasData ? <p className="empty">No deposits, withdrawals or play in these days.</p> : null}
          {report.periods.length > 0 ? (
            <BarChart
              title="Bets, GGR and NGR per period"
              labels={report.periods.map((row) => row.period.slice(5))}
              series={[
                { name: 'Bets', values: report.periods.map((row) => row.bets), className: 'series-a' },
                { name: 'GGR', values: report.periods.map((row) => row.ggr), className: 'series-b' },
                { name: 'NGR', values: report.periods.map((row) => row.ngr), className: 'series-c' },
              ]}
            />
          ) : null}
          <nav className="report-tabs" aria-label="Report tables">
            {REPORT_TABLES.map((item) => (
              <button
                key={item}
                type="button"
                className="tab"
                aria-current={item === state.table ? 'page' : undefined}
                onClick={() => update({ table: item, sort: '' })}
              >
                {TABLE_LABELS[item]}
              </button>
            ))}
          </nav>
          {table && table.rows.length > 0 ? (
            <SortableTable
              label={TABLE_LABELS[state.table]}
              columns={table.columns}
              rows={sortRows(table.rows, table.columns, state.sort, state.desc)}
              sort={state.sort}
              desc={state.desc}
              onSort={(key) => update({ sort: key, desc: state.sort === key ? !state.desc : true })}
            />
          ) : (
            <p className="empty">Nothing to show in this table for these days.</p>
          )}
        </>
      ) : null}
    </section>
  );
}
