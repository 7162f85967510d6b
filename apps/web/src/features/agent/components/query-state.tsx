import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState as SharedQueryState } from '@/components/ui/query-state';

interface QueryStateProps {
  isLoading: boolean;
  error: Error | null;
  onRetry: () => void;
  isEmpty?: boolean;
  emptyTitle?: string;
  children: ReactNode;
}

/** The shared loading / failed / empty states, worded for the agent centre's reports. */
export function QueryState({ emptyTitle, ...props }: QueryStateProps) {
  const { t } = useTranslation();
  return <SharedQueryState {...props} errorTitle={t('agentCentre.loadFailed')} emptyTitle={emptyTitle ?? t('agentCentre.empty')} />;
}
