import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Icon, type IconName } from '@/components/ui/icon';
import { PageFrame } from '@/components/ui/page-frame';
import { MEMBER_PAGES, type MemberPage, paths } from '@/config/paths';
import styles from './member-centre.module.css';

const PAGE_ICONS: Record<MemberPage, IconName> = {
  securityCenter: 'shield',
  transferFund: 'refresh',
  depositv2: 'wallet',
  withdraw: 'download',
  transferUpline: 'userPlus',
  personalHistoryCopy: 'clock',
  transactionHistory: 'ticket',
  personalProfit: 'coins',
  bonusDetails: 'gift',
  rewardCenter: 'star',
  referral: 'userPlus',
  missionLeaderboard: 'crown',
  messageV2: 'chat',
};

function isMemberPage(value: string | null): value is MemberPage {
  return value !== null && (MEMBER_PAGES as readonly string[]).includes(value);
}

/** Member centre: the menu pages of spec section 2, selected by ?page=. */
export function MemberCentreRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('page');
  const page: MemberPage = isMemberPage(requested) ? requested : 'securityCenter';
  return (
    <PageFrame title={t('member.title')} subtitle={t('member.subtitle')} icon="user">
      <div className={styles.layout}>
        <nav className={styles.menu} aria-label={t('member.menu')}>
          <ul className={styles.list}>
            {MEMBER_PAGES.map((entry) => (
              <li key={entry}>
                <Link to={paths.member.getHref(entry)} className={styles.entry} aria-current={entry === page ? 'page' : undefined}>
                  <Icon name={PAGE_ICONS[entry]} size={18} />
                  {t(`member.pages.${entry}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className={styles.content} aria-labelledby="member-page-title">
          <h2 id="member-page-title" className={styles.contentTitle}>
            {t(`member.pages.${page}`)}
          </h2>
          <EmptyState icon={PAGE_ICONS[page]} title={t('member.emptyTitle')} text={t('member.emptyText')} />
        </section>
      </div>
    </PageFrame>
  );
}
