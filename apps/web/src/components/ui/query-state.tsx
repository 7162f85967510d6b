import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { EmptyState } from './empty-state';
import type { IconName } from './icon';
import { Spinner } from './spinner';

interface QueryStateProps {
  isLoading: boolean;
  error: Error | null;
  onRetry: () => void;
  /** Says what failed ("This could not be loaded"); the server's own message follows it. */
  errorTitle: string;
  isEmpty?: boolean;
  emptyTitle?: string;
  emptyIcon?: IconName;
  children: ReactNode;
}

/**
 * The three states every list and report has before its rows: loading, failed (the server's
 * message, already in the member's language, and a retry) and empty; otherwise the content.
 */
export function QueryState({
  isLoading,
  error,
  onRetry,
  errorTitle,
  isEmpty,
  emptyTitle,
  emptyIcon = 'search',
  children,
}: QueryStateProps) {
  const { t } = useTranslation();
  if (isLoading) return <Spinner label={t('common.loading')} isCentered />;
  if (error)
    return (
      <EmptyState
        icon="alert"
        title={errorTitle}
        text={error.message}
        actions={
          <Button variant="outline" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  if (isEmpty && emptyTitle) return <EmptyState icon={emptyIcon} title={emptyTitle} />;
  return <>{children}</>;
}
