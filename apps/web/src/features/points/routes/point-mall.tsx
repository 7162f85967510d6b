import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';

export function PointMallRoute() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('points.title')} subtitle={t('points.subtitle')} icon="coins">
      <EmptyState icon="coins" title={t('points.emptyTitle')} text={t('points.emptyText')} />
    </PageFrame>
  );
}
