import type { BannerItem } from '@kismat/contracts/messages';
import type { MemberPromotionValue, PromotionKind } from '@kismat/contracts/promotions';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { PageFrame } from '@/components/ui/page-frame';
import { QueryState } from '@/components/ui/query-state';
import { Tabs, tabPanelProps } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { usePromotionAnnouncements } from '../api/get-promotion-announcements';
import { usePromotions } from '../api/get-promotions';
import { AnnouncementStrip } from '../components/announcement-strip';
import { PromotionCard } from '../components/promotion-card';
import { PromotionDetail } from '../components/promotion-detail';
import styles from '../components/promotions.module.css';
import { RedEnvelopeVerify } from '../components/red-envelope-verify';

type Category = 'ALL' | PromotionKind;
const KIND_ORDER: readonly PromotionKind[] = ['FIRST_DEPOSIT', 'RELOAD', 'RED_ENVELOPE', 'RAFFLE', 'REFERRAL', 'ACTIVITY'];

export function promotionHref(id: number): string {
  return `${paths.promotions.getHref()}?id=${id}`;
}

interface PromotionsRouteProps {
  /** The w_promotion banners (video embeds or images), composed by the app from the home feature's carousel. */
  renderBanners?: (banners: readonly BannerItem[]) => ReactNode;
}

/** /promotions: banners, promotion announcements, live promotions by kind; ?id= opens one, ?verify= checks a draw. */
export function PromotionsRoute({ renderBanners }: PromotionsRouteProps) {
  const { t } = useTranslation('promotions');
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('id'));
  const verifyId = Number(searchParams.get('verify'));
  if (Number.isSafeInteger(verifyId) && verifyId > 0) {
    return (
      <PageFrame title={t('verify.title')} subtitle={t('verify.subtitle')} icon="shield">
        <RedEnvelopeVerify drawId={verifyId} />
      </PageFrame>
    );
  }
  if (Number.isSafeInteger(id) && id > 0) return <PromotionDetail id={id} />;
  return <PromotionList renderBanners={renderBanners} />;
}

function PromotionList({ renderBanners }: PromotionsRouteProps) {
  const { t } = useTranslation('promotions');
  const promotions = usePromotions();
  const announcements = usePromotionAnnouncements();
  const [category, setCategory] = useState<Category>('ALL');
  const list = promotions.data ?? [];
  const kinds = KIND_ORDER.filter((kind) => list.some((item) => item.kind === kind));
  const shown: MemberPromotionValue[] = category === 'ALL' ? list : list.filter((item) => item.kind === category);
  const banners = (announcements.data?.banners ?? []).filter((banner) => banner.groupName === 'w_promotion');
  const tabs = [
    { value: 'ALL' as Category, label: t('kinds.ALL') },
    ...kinds.map((kind) => ({ value: kind as Category, label: t(`kinds.${kind}`) })),
  ];
  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')} icon="gift">
      <div className={`${blocks.column} ${styles.page}`}>
        {banners.length > 0 && renderBanners ? <div data-testid="promotion-video-banners">{renderBanners(banners)}</div> : null}
        <AnnouncementStrip items={announcements.data?.promotions ?? []} />
        <section className={`${blocks.column} ${styles.section}`} aria-labelledby="promotion-list-title">
          <h2 id="promotion-list-title" className={styles.sectionTitle}>
            {t('live.title')}
          </h2>
          <QueryState
            query={promotions}
            errorTitle={t('live.failed')}
            isEmpty={list.length === 0}
            emptyTitle={t('live.empty')}
            emptyIcon="gift"
          >
            {kinds.length > 1 ? (
              <div className={blocks.tabsScroller}>
                <Tabs items={tabs} value={category} onChange={setCategory} label={t('live.categories')} panelIdPrefix="promotion-kinds" />
              </div>
            ) : null}
            <ul className={`${blocks.bareList} ${styles.grid}`} {...(kinds.length > 1 ? tabPanelProps('promotion-kinds', category) : {})}>
              {shown.map((promotion) => (
                <li key={promotion.id}>
                  <PromotionCard promotion={promotion} href={promotionHref(promotion.id)} />
                </li>
              ))}
            </ul>
          </QueryState>
        </section>
      </div>
    </PageFrame>
  );
}
