import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { paths } from '@/config/paths';

/** The seamless game page: a launched third-party game fills it (no side menu). */
export function SeamlessGameRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const vendor = searchParams.get('vassalage');
  return (
    <PageFrame title={t('seamless.title')} subtitle={vendor ?? undefined} icon="play">
      <EmptyState
        icon="gamepad"
        title={t('seamless.emptyTitle')}
        text={t('seamless.emptyText')}
        actions={
          <Link to={paths.home.getHref()} className={buttonClassName({ variant: 'outline' })}>
            {t('common.backHome')}
          </Link>
        }
      />
    </PageFrame>
  );
}
