import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AgentCentre } from '@/features/agent/components/agent-centre';
import { BettingRecord } from '@/features/betting-records/components/betting-record';
import { useLogout } from '@/features/session/api/logout';
import { usePermission } from '@/features/system/api/get-permission';
import { toCustomerServiceLinks } from '@/features/system/utils/customer-service';
import { LanguageSelect } from '../shell/language-select';

/**
 * /agentHome: the agent centre alone (no header, side menu or footer). The app composes what
 * other features own: logout, the agent's own betting record and the customer service links.
 */
export function AgentCentreRoute() {
  const navigate = useNavigate();
  const logout = useLogout();
  const { data: permission } = usePermission();
  const customerService = useMemo(() => toCustomerServiceLinks(permission?.customerService ?? []), [permission]);
  return (
    <AgentCentre
      isLoggingOut={logout.isPending}
      onLogout={() => logout.mutate(undefined, { onSettled: () => void navigate(paths.agent.getHref(), { replace: true }) })}
      languageSelect={<LanguageSelect />}
      personalHistory={<BettingRecord />}
      customerService={customerService}
    />
  );
}
