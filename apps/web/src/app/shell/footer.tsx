import { COPYRIGHT_YEAR } from '@kismat/contracts/constants';
import type { Language } from '@kismat/contracts/languages';
import { DEFAULT_MARKET_COUNTRY, visitorCountry } from '@kismat/contracts/regions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Icon, type IconName } from '@/components/ui/icon';
import { BRAND_NAME, Logo } from '@/components/ui/logo';
import { type HelpSection, paths } from '@/config/paths';
import { useSiteStatus } from '@/features/system/api/get-site-status';
import { SITE_MINIMUM_AGE } from '@/lib/age';
import { useLanguage } from '@/stores/language-store';
import { openFeedbackModal } from '@/stores/modal-store';
import styles from './footer.module.css';
import { useShellData } from './use-shell-data';

type Badge = { name: string; color: string; mark?: ReactNode };

const CARDS_AND_CRYPTO: Badge[] = [
  { name: 'VISA', color: '#6a8cff' },
  {
    name: 'Mastercard',
    color: '#f5f5f5',
    mark: (
      <svg width="22" height="14" viewBox="0 0 22 14" aria-hidden="true" focusable="false">
        <circle cx="7" cy="7" r="7" fill="#eb001b" />
        <circle cx="15" cy="7" r="7" fill="#f79e1b" fillOpacity="0.9" />
      </svg>
    ),
  },
  {
    name: 'USDT',
    color: '#26a17b',
    mark: (
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="8" fill="#26a17b" />
        <path d="M4.5 4.5h7M8 4.5v7M5.5 7.5c1.5.6 3.5.6 5 0" stroke="#fff" strokeWidth="1.6" fill="none" strokeLinecap="round" />
      </svg>
    ),
  },
];

/**
 * Brand marks drawn as text in each brand's colour (no third-party images to load or license),
 * per market: a visitor sees the wallets of their own country (docs/glossary.md, "Regions").
 */
export const PAYMENT_BADGES: Record<string, Badge[]> = {
  BD: [
    { name: 'bKash', color: '#e2136e' },
    { name: 'Nagad', color: '#f7941d' },
    { name: 'Rocket', color: '#a24bb0' },
    { name: 'Upay', color: '#ffcc00' },
    ...CARDS_AND_CRYPTO,
  ],
  KE: [{ name: 'M-Pesa', color: '#4cb848' }, { name: 'Airtel Money', color: '#ff4d4d' }, ...CARDS_AND_CRYPTO],
  TZ: [
    { name: 'M-Pesa', color: '#4cb848' },
    { name: 'Airtel Money', color: '#ff4d4d' },
    { name: 'Mixx by Yas', color: '#4fc3f7' },
    { name: 'HaloPesa', color: '#f58220' },
    ...CARDS_AND_CRYPTO,
  ],
  UG: [{ name: 'MTN MoMo', color: '#ffcc00' }, { name: 'Airtel Money', color: '#ff4d4d' }, ...CARDS_AND_CRYPTO],
};

/** The visitor's market: the IP's country when we serve it, else the language's home, else the merchant's. */
export function paymentBadgesFor(language: Language, ipCountry: string | null | undefined): Badge[] {
  const byIp = ipCountry ? PAYMENT_BADGES[ipCountry.toUpperCase()] : undefined;
  return byIp ?? PAYMENT_BADGES[visitorCountry(language, null)] ?? PAYMENT_BADGES[DEFAULT_MARKET_COUNTRY] ?? [];
}

const CERTIFICATION_BADGES = [
  { name: 'GLI', color: '#7fd1ff' },
  { name: 'iTech Labs', color: '#8fe3a8' },
  { name: 'eCOGRA', color: '#9fb3ff' },
  { name: 'BMM Testlabs', color: '#ffd27f' },
];

const LICENCE_BADGES = [
  { name: 'Curaçao eGaming', color: '#7aa7ff' },
  { name: 'PAGCOR', color: '#ff9a9a' },
  { name: 'MGA', color: '#e0e0ff' },
];

/**
 * The operator's own footer list (Content desk): known brands keep their colour and mark, any
 * other name shows as text in a neutral colour. None set: the defaults.
 */
export function badgesFromNames(names: string[] | null, defaults: Badge[]): Badge[] {
  if (!names) return defaults;
  const known = new Map<string, Badge>();
  for (const badge of [...Object.values(PAYMENT_BADGES).flat(), ...CERTIFICATION_BADGES, ...LICENCE_BADGES])
    known.set(badge.name.toLowerCase(), badge);
  return names.map((name) => known.get(name.toLowerCase()) ?? { name, color: '#c9d1e0' });
}

const HELP_LINKS: { section: HelpSection; key: 'about' | 'term' | 'privacy' | 'responsible' | 'faq' }[] = [
  { section: 'about', key: 'about' },
  { section: 'term', key: 'term' },
  { section: 'privacy', key: 'privacy' },
  { section: 'responsible-gaming', key: 'responsible' },
  { section: 'faq', key: 'faq' },
];

function BadgeList({ badges }: { badges: Badge[] }) {
  return (
    <ul className={blocks.wrapList}>
      {badges.map((badge) => (
        <li key={badge.name} className={styles.badge} style={{ color: badge.color }}>
          {badge.mark}
          {badge.name}
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const shell = useShellData();
  const language = useLanguage();
  const { data: status } = useSiteStatus();
  const socials: { key: string; icon: IconName; label: string; url: string | undefined }[] = [
    { key: 'facebook', icon: 'facebook', label: t('service.FACEBOOK'), url: shell.facebook ?? undefined },
    { key: 'telegram', icon: 'telegram', label: t('service.TELEGRAM'), url: shell.telegram[0] },
    { key: 'whatsapp', icon: 'whatsapp', label: t('service.WHATSAPP'), url: shell.whatsapp ?? undefined },
  ];
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.top}>
          <div className={styles.about}>
            <Logo />
            <p>{t('footer.about')}</p>
          </div>
          <nav aria-labelledby="footer-help">
            <h2 id="footer-help" className={styles.heading}>
              {t('footer.help')}
            </h2>
            <ul className={`${blocks.stackList} ${styles.links}`}>
              {HELP_LINKS.map((link) => (
                <li key={link.section}>
                  <Link to={paths.help.getHref(link.section)}>{t(`footer.links.${link.key}`)}</Link>
                </li>
              ))}
              <li>
                <Link to={paths.saferGambling.getHref()} data-testid="footer-safer-gambling">
                  {t('saferGambling.link')}
                </Link>
              </li>
            </ul>
          </nav>
          <div>
            <h2 className={styles.heading}>{t('footer.contact')}</h2>
            <ul className={`${blocks.stackList} ${styles.links}`}>
              <li>
                <button type="button" className={styles.feedback} onClick={openFeedbackModal}>
                  <Icon name="feedback" size={16} />
                  {t('footer.feedback')}
                </button>
              </li>
              {shell.liveChat ? (
                <li>
                  <a href={shell.liveChat.url} target="_blank" rel="noopener noreferrer">
                    <Icon name="chat" size={16} />
                    {t('service.LIVECHAT')}
                  </a>
                </li>
              ) : null}
              <li>
                <Link to={paths.help.getHref()}>
                  <Icon name="help" size={16} />
                  {t('footer.helpCentre')}
                </Link>
              </li>
            </ul>
          </div>
        </div>

        <div className={styles.logos}>
          <section aria-labelledby="footer-payment">
            <h2 id="footer-payment" className={styles.heading}>
              {t('footer.payment')}
            </h2>
            <BadgeList badges={badgesFromNames(shell.footerLogos.payment, paymentBadgesFor(language, status?.country))} />
          </section>
          <section aria-labelledby="footer-certification">
            <h2 id="footer-certification" className={styles.heading}>
              {t('footer.certification')}
            </h2>
            <BadgeList badges={badgesFromNames(shell.footerLogos.certification, CERTIFICATION_BADGES)} />
          </section>
          <section aria-labelledby="footer-social">
            <h2 id="footer-social" className={styles.heading}>
              {t('footer.social')}
            </h2>
            <ul className={blocks.wrapList}>
              {socials.map((social) => (
                <li key={social.key}>
                  {social.url ? (
                    <a href={social.url} target="_blank" rel="noopener noreferrer" className={styles.social} aria-label={social.label}>
                      <Icon name={social.icon} size={18} />
                    </a>
                  ) : (
                    <span className={styles.social} role="img" aria-label={social.label}>
                      <Icon name={social.icon} size={18} />
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="footer-licence">
            <h2 id="footer-licence" className={styles.heading}>
              {t('footer.licence')}
            </h2>
            <BadgeList badges={badgesFromNames(shell.footerLogos.licence, LICENCE_BADGES)} />
          </section>
        </div>

        <div className={`${blocks.spread} ${styles.bottom}`}>
          <div className={styles.responsible}>
            <span className={styles.age} role="img" aria-label={t('footer.adultsOnly')}>
              {SITE_MINIMUM_AGE}+
            </span>
            <span>{t('footer.responsible')}</span>
          </div>
          <p>{t('footer.copyright', { year: COPYRIGHT_YEAR, brand: BRAND_NAME })}</p>
        </div>
      </div>
    </footer>
  );
}
