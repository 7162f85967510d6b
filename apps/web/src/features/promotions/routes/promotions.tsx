import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';

export function PromotionsRoute() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('promotions.title')} subtitle={t('promotions.subtitle')} icon="gift">
      <EmptyState icon="gift" title={t('promotions.emptyTitle')} text={t('promotions.emptyText')} />
    </PageFrame>
  );
}
