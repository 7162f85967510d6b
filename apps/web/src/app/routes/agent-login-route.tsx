import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AgentLanding } from '@/features/agent/components/agent-landing';
import { LoginForm } from '@/features/session/components/login-form';
import { usePermission } from '@/features/system/api/get-permission';
import { LanguageSelect } from '../shell/language-select';

/**
 * /agent: the agent programme's page with the agent login form (no header, no remember-password,
 * no one-click login). Agents go to /agentHome; members are refused by the server (AGENT_ONLY,
 * "Non-agents cannot log in"), which the form shows.
 */
export function AgentLoginRoute() {
  const navigate = useNavigate();
  const { data: permission } = usePermission();
  return (
    <AgentLanding
      languageSelect={<LanguageSelect />}
      loginForm={
        <LoginForm
          mode="agent"
          flags={permission?.flags}
          onDone={(outcome) => {
            if (outcome === 'signedIn') void navigate(paths.agentHome.getHref());
          }}
        />
      }
    />
  );
}
