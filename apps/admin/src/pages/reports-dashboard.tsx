import type { ReportFigures } from '@kismat/contracts/reports';
import { useCallback } from 'react';
import { BarChart } from '../components/svg-chart';
import { useLoaded } from '../components/use-loaded';
import { formatMoney } from '../format';
import { fetchDashboard } from './reports-api';

const CARDS: { key: keyof ReportFigures; label: string; money?: boolean }[] = [
  { key: 'deposits', label: 'Deposits', money: true },
  { key: 'withdrawals', label: 'Withdrawals', money: true },
  { key: 'bets', label: 'Bets', money: true },
  { key: 'ggr', label: 'GGR', money: true },
  { key: 'bonuses', label: 'Bonuses', money: true },
  { key: 'ngr', label: 'NGR', money: true },
  { key: 'depositCount', label: 'Deposits #' },
  { key: 'withdrawalCount', label: 'Withdrawals #' },
  { key: 'newMembers', label: 'New members' },
  { key: 'activeMembers', label: 'Active members' },
  { key: 'firstDepositors', label: 'First deposits' },
  { key: 'commissions', label: 'Commissions', money: true },
];

/** The change from yesterday as text: +12.5%, −3.0%, "new" when yesterday was zero. */
function delta(today: string | number, yesterday: string | number): { text: string; tone: 'up' | 'down' | 'flat' } {
  const a = Number.parseFloat(String(today));
  const b = Number.parseFloat(String(yesterday));
  if (a === b) return { text: '±0', tone: 'flat' };
  if (b === 0) return { text: 'new', tone: a > 0 ? 'up' : 'down' };
  const change = ((a - b) / Math.abs(b)) * 100;
  return { text: `${change > 0 ? '+' : '−'}${Math.abs(change).toFixed(1)}%`, tone: change > 0 ? 'up' : 'down' };
}

/** Today so far against the whole of yesterday, in the merchant's local days. */
export function ReportsDashboard({ code }: { code: string }) {
  const request = useCallback(() => fetchDashboard(code), [code]);
  const { data, error, reload } = useLoaded(request, 'The dashboard could not be loaded.', { clearOnChange: true });
  return (
    <section aria-labelledby="dashboard-title" className="reports">
      <div className="section-head">
        <h1 id="dashboard-title">Today against yesterday</h1>
        <button type="button" className="button ghost" onClick={() => void reload()}>
          Refresh
        </button>
      </div>
      {error ? <p className="banner error">{error}</p> : null}
      {!data && !error ? <p className="empty">Loading…</p> : null}
      {data ? (
        <>
          <p className="hint">
            Today is {data.today} (so far), yesterday {data.yesterday}, in the merchant&apos;s local time.
          </p>
          <ul className="dashboard-cards" data-testid="dashboard-cards">
            {CARDS.map((card) => {
              const today = data.todayTotals[card.key];
              const yesterday = data.yesterdayTotals[card.key];
              const change = delta(today, yesterday);
              return (
                <li key={card.key} className="kpi">
                  <span className="kpi-label">{card.label}</span>
                  <strong className="kpi-value">{card.money ? formatMoney(String(today)) : today}</strong>
                  <span className="kpi-sub">
                    yesterday {card.money ? formatMoney(String(yesterday)) : yesterday}{' '}
                    <span className={`delta delta-${change.tone}`}>{change.text}</span>
                  </span>
                </li>
              );
            })}
          </ul>
          <BarChart
            title="Bets per local hour, today and yesterday"
            labels={data.hours.map((hour) => String(hour.hour).padStart(2, '0'))}
            series={[
              { name: 'Yesterday', values: data.hours.map((hour) => hour.yesterdayBets), className: 'series-b' },
              { name: 'Today', values: data.hours.map((hour) => hour.todayBets), className: 'series-a' },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}
