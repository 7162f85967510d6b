import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { isChunkLoadError } from '@/lib/load-chunk';
import { NotFoundRoute } from './not-found';
import styles from './route-error.module.css';

/**
 * A route's error boundary. A screen whose chunk timed out or failed offers a reload (a new
 * deployment or a bad connection); nothing raw from the error reaches the user.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;

  const isChunk = isChunkLoadError(error);
  if (isChunk) console.warn(error.message);
  else console.error(error);
  return (
    <div className={styles.wrap}>
      <EmptyState
        icon={isChunk ? 'refresh' : 'alert'}
        title={isChunk ? t('errors.chunkTitle') : t('errors.unknownTitle')}
        text={isChunk ? t('errors.chunkText') : t('errors.unknownText')}
        actions={
          <>
            <Button onClick={() => window.location.reload()}>
              <Icon name="refresh" size={16} />
              {t('common.reload')}
            </Button>
            <Link to={paths.home.getHref()} reloadDocument className={buttonClassName({ variant: 'ghost' })}>
              {t('common.backHome')}
            </Link>
          </>
        }
      />
    </div>
  );
}
