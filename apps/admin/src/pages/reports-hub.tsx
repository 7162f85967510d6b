import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { MerchantHub, type MerchantSection } from '../components/merchant-hub';
import { canMoveMoney } from '../roles';
import { ReportsDashboard } from './reports-dashboard';
import { ReportsReport } from './reports-report';
import './reports.css';

const SECTIONS: readonly MerchantSection<string>[] = [
  { id: 'dashboard', label: 'Dashboard', show: (code) => <ReportsDashboard key={code} code={code} /> },
  { id: 'report', label: 'Report', show: (code) => <ReportsReport key={code} code={code} /> },
];

/** Reports of one merchant (finance and admin): the day's dashboard and reports over any local days. */
export function ReportsHub({ me }: { me: OperatorMe }) {
  if (!canMoveMoney(me))
    return <p className="empty">Reports show the merchant&apos;s money: finance and admin only (your role: {me.role}).</p>;
  return <MerchantHub me={me} page="reports" label="Reports sections" sections={SECTIONS} />;
}
