import { AgentLanding } from '@/features/agent/components/agent-landing';
import { LanguageSelect } from '../shell/language-select';

/** /agent: the landing page from the agent feature with the shell's language picker. */
export function AgentLoginRoute() {
  return <AgentLanding languageSelect={<LanguageSelect />} />;
}
