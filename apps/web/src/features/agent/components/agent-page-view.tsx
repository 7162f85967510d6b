import type { ContractType } from '@kismat/contracts/agent';
import type { ReactNode } from 'react';
import type { AgentHome } from '../api/types';
import type { AgentPage } from '../utils/menu-pages';
import { AnnouncementsPage } from './announcements-page';
import { ContractPage } from './contract-page';
import { DownlinesPage } from './downlines-page';
import { RegisterCentrePage } from './register-centre-page';
import { DownlineTransactionsPage, ProfitLossPage, RevenueReportPage } from './reports-pages';
import { TeamOverviewPage } from './team-overview-page';

/** Contract types the agent may pass down: those its own menu shows. */
export function contractTypesOf(home: AgentHome | undefined): ContractType[] {
  if (!home) return [];
  const types: ContractType[] = [];
  if (home.menu.dividend) types.push('DIVIDEND');
  if (home.menu.dailySalary) types.push('DAILY_SALARY');
  if (home.menu.hourSalary) types.push('HOURLY_SALARY');
  if (home.menu.realtimeSalary) types.push('REALTIME_SALARY');
  return types;
}

interface AgentPageViewProps {
  page: AgentPage;
  personalHistory: ReactNode;
  home: AgentHome | undefined;
}

/** The content of one agent menu page. */
export function AgentPageView({ page, personalHistory, home }: AgentPageViewProps) {
  const contractTypes = contractTypesOf(home);
  switch (page) {
    case 'agentAnnouncement':
      return <AnnouncementsPage />;
    case 'agentTeamOverview':
      return <TeamOverviewPage />;
    case 'registerCenter':
      return <RegisterCentrePage creatableTypes={home?.creatableTypes ?? [0]} contractTypes={contractTypes} />;
    case 'downlineManagmentView':
      return <DownlinesPage contractTypes={contractTypes} />;
    case 'personalHistoryCopy':
      return <>{personalHistory}</>;
    case 'palStatementsAgentCopy':
      return <ProfitLossPage />;
    case 'agentRevenueReport':
      return <RevenueReportPage />;
    case 'agentDownlineTransactionDetailsCopy':
      return <DownlineTransactionsPage />;
    case 'agentDividendRecordCopy2':
      return <ContractPage key={page} type="DIVIDEND" />;
    case 'agentDailyWages2':
      return <ContractPage key={page} type="DAILY_SALARY" />;
    case 'agentHourSalary':
      return <ContractPage key={page} type="HOURLY_SALARY" />;
    case 'agentRealtimeSalary':
      return <ContractPage key={page} type="REALTIME_SALARY" />;
  }
}
