import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';

interface QueryStateProps {
  isLoading: boolean;
  error: Error | null;
  onRetry: () => void;
  isEmpty?: boolean;
  emptyTitle?: string;
  children: ReactNode;
}

/** Loading, failure (with the server's message and a retry) and empty states of a report. */
export function QueryState({ isLoading, error, onRetry, isEmpty, emptyTitle, children }: QueryStateProps) {
  const { t } = useTranslation();
  if (isLoading) return <Spinner label={t('common.loading')} isCentered />;
  if (error)
    return (
      <EmptyState
        icon="alert"
        title={t('agentCentre.loadFailed')}
        text={error.message}
        actions={
          <Button variant="outline" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  if (isEmpty) return <EmptyState icon="search" title={emptyTitle ?? t('agentCentre.empty')} />;
  return <>{children}</>;
}
