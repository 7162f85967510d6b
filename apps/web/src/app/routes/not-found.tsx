import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('notFound.title')}>
      <EmptyState
        icon="search"
        title={t('notFound.heading')}
        text={t('notFound.text')}
        actions={
          <Link to={paths.home.getHref()} className={buttonClassName()}>
            {t('common.backHome')}
          </Link>
        }
      />
    </PageFrame>
  );
}
