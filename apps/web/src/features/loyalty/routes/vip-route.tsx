import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/ui/page-frame';
import { VipPanel } from '../components/vip-panel';

/** /vip: my level, progress to the next and every level's perks. */
export function VipRoute() {
  const { t } = useTranslation('loyalty');
  return (
    <PageFrame title={t('vip.title')} subtitle={t('vip.subtitle')} icon="crown">
      <VipPanel />
    </PageFrame>
  );
}
