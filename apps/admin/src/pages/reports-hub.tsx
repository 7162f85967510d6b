import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { MerchantPicker, useMerchants } from '../components/merchant-picker';
import { SubTabs, useHashSection } from '../components/sub-tabs';
import { canMoveMoney } from '../roles';
import { ReportsDashboard } from './reports-dashboard';
import { ReportsReport } from './reports-report';
import './reports.css';

const SECTIONS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'report', label: 'Report' },
] as const;

/** Reports of one merchant (finance and admin): the day's dashboard and reports over any local days. */
export function ReportsHub({ me }: { me: OperatorMe }) {
  const section = useHashSection(SECTIONS);
  const { merchants, code, choose, error } = useMerchants(me);
  if (!canMoveMoney(me))
    return <p className="empty">Reports show the merchant&apos;s money: finance and admin only (your role: {me.role}).</p>;
  return (
    <div className="stack-page">
      <SubTabs page="reports" tabs={SECTIONS} current={section} label="Reports sections" />
      <div className="section-head">
        <MerchantPicker merchants={merchants} code={code} onChoose={choose} />
      </div>
      {error ? <p className="banner error">{error}</p> : null}
      {code ? (
        <>
          {section === 'dashboard' ? <ReportsDashboard key={code} code={code} /> : null}
          {section === 'report' ? <ReportsReport key={code} code={code} /> : null}
        </>
      ) : null}
    </div>
  );
}
