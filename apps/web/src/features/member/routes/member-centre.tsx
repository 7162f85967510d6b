import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Icon, type IconName } from '@/components/ui/icon';
import { PageFrame } from '@/components/ui/page-frame';
import { MEMBER_MENU_ONLY_PAGES, MEMBER_PAGES, type MemberPage, paths } from '@/config/paths';
import { afterLayout, centreCurrentInStripAfterLayout } from '@/lib/scroll-into-strip';
import { useSessionStore } from '@/stores/session-store';
import { badgeText, type MenuCounts, menuBadges } from '../utils/menu-badges';
import styles from './member-centre.module.css';

// Its own chunk, as the other pages: the wallet does not load the security centre's forms.
const SecurityCentre = lazy(() => import('../components/security-centre').then((module) => ({ default: module.SecurityCentre })));

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
  manualRebate: 'refresh',
};

const ALL_PAGES: readonly string[] = [...MEMBER_PAGES, ...MEMBER_MENU_ONLY_PAGES];

function isMemberPage(value: string | null): value is MemberPage {
  return value !== null && ALL_PAGES.includes(value);
}

/** Pages other features provide, composed by the app (features do not import each other): every page but the security centre. */
export type MemberCentrePages = Record<Exclude<MemberPage, 'securityCenter'>, ReactNode>;

/** Member centre: the menu pages of spec section 2, selected by ?page=, with count badges. */
export function MemberCentreRoute({ pages, counts = {} }: { pages: MemberCentrePages; counts?: MenuCounts }) {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const member = useSessionStore((state) => state.member);
  const nickname = useSessionStore((state) => state.nickname ?? state.account);
  const requested = searchParams.get('page');
  const page: MemberPage = isMemberPage(requested) ? requested : 'securityCenter';
  const badges = menuBadges(member, counts);
  const menuRef = useRef<HTMLElement>(null);
  // On a phone the menu is a swipeable strip: the page opened (from the account menu, a link)
  // is brought into view, not left off screen; again when badges or the language change the
  // entries' widths, and once the web font has replaced the fallback one.
  const badgeKey = JSON.stringify(badges);
  // biome-ignore lint/correctness/useExhaustiveDependencies: badges and language change the entries' widths.
  useEffect(() => {
    const stops: (() => void)[] = [];
    const centre = () => stops.push(centreCurrentInStripAfterLayout(menuRef.current, '[aria-current="page"]'));
    centre();
    let isCurrent = true;
    // Reading document.fonts.ready brings the page's style and layout up to date: read in this
    // effect, it forced the wallet's whole first layout inside React's commit (a ~150 ms task at
    // 4x, issue 16 item 6). Read once the browser has laid the strip out, where it costs nothing.
    stops.push(
      afterLayout(menuRef.current, () => {
        void document.fonts?.ready.then(() => {
          if (isCurrent) centre();
        });
      }),
    );
    return () => {
      isCurrent = false;
      for (const stop of stops) stop();
    };
  }, [page, badgeKey, i18n.language]);
  return (
    <PageFrame title={t('member.title')} subtitle={nickname ? t('member.greeting', { name: nickname }) : t('member.subtitle')} icon="user">
      <div className={styles.layout}>
        <nav ref={menuRef} className={styles.menu} aria-label={t('member.menu')}>
          <ul className={styles.list}>
            {MEMBER_PAGES.map((entry) => {
              const count = entry in badges ? badges[entry as keyof typeof badges] : undefined;
              return (
                <li key={entry}>
                  <Link
                    to={paths.member.getHref(entry)}
                    className={`${blocks.pageEntry} ${styles.entry}`}
                    aria-current={entry === page ? 'page' : undefined}
                  >
                    <Icon name={PAGE_ICONS[entry]} size={18} />
                    <span className={styles.entryLabel}>{t(`member.pages.${entry}`)}</span>
                    {count ? (
                      <span className={`${blocks.countBadge} ${styles.badge}`}>
                        <span aria-hidden="true">{badgeText(count)}</span>
                        <span className="visually-hidden">{t('member.badge', { count })}</span>
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <section className={styles.content} aria-labelledby="member-page-title">
          <h2 id="member-page-title" className={styles.contentTitle}>
            {t(`member.pages.${page}`)}
          </h2>
          <Suspense fallback={<div className={styles.pageLoading} aria-busy="true" />}>
            {page === 'securityCenter' ? <SecurityCentre /> : pages[page]}
          </Suspense>
        </section>
      </div>
    </PageFrame>
  );
}
