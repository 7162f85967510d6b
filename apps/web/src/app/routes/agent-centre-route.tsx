import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AgentCentre } from '@/features/agent/components/agent-centre';
import { useLogout } from '@/features/session/api/logout';
import { LanguageSelect } from '../shell/language-select';

/** /agentHome: the agent centre; logging out returns to the agent login page. */
export function AgentCentreRoute() {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <AgentCentre
      isLoggingOut={logout.isPending}
      onLogout={() => logout.mutate(undefined, { onSettled: () => void navigate(paths.agent.getHref(), { replace: true }) })}
      languageSelect={<LanguageSelect />}
    />
  );
}
