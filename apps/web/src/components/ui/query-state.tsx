import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { EmptyState } from './empty-state';
import type { IconName } from './icon';
import { Spinner } from './spinner';

/** The query the content comes from: loading while it is pending, its error, its refetch as the retry. */
interface QuerySource {
  isPending: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** Either the query itself, or the three states spelled out (a query that may be disabled uses isLoading). */
type QueryStateSource =
  | { query: QuerySource; isLoading?: never; error?: never; onRetry?: never }
  | { query?: never; isLoading: boolean; error: Error | null; onRetry: () => void };

type QueryStateProps = QueryStateSource & {
  /** Says what failed ("This could not be loaded"); the server's own message follows it. */
  errorTitle: string;
  isEmpty?: boolean;
  emptyTitle?: string;
  emptyIcon?: IconName;
  children: ReactNode;
};

/**
 * The three states spelled out from a query that may be disabled: loading only while it is pending
 * and fetching (isLoading), so a disabled query shows its content; its refetch as the retry.
 * `isOff`: the query is not asked for now (a reversed date range), so it is neither loading nor failed.
 */
export function fromQuery(
  query: { isLoading: boolean; error: Error | null; refetch: () => unknown },
  { isOff = false }: { isOff?: boolean } = {},
) {
  return { isLoading: query.isLoading && !isOff, error: isOff ? null : query.error, onRetry: () => void query.refetch() };
}

/**
 * The three states every list and report has before its rows: loading, failed (the server's
 * message, already in the member's language, and a retry) and empty; otherwise the content.
 */
export function QueryState({ errorTitle, isEmpty, emptyTitle, emptyIcon = 'search', children, ...source }: QueryStateProps) {
  const { t } = useTranslation();
  const { query } = source;
  const isLoading = query ? query.isPending : source.isLoading;
  const error = query ? query.error : source.error;
  const onRetry = query ? () => void query.refetch() : source.onRetry;
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
