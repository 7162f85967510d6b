import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Button, buttonClassName } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { openLoginModal, openRegisterModal } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';
import styles from './home-hero.module.css';

/** Decorative art drawn in SVG: no image request, sharp at any density, no layout shift. */
function HeroArt() {
  const id = useId();
  const gold = `${id}-gold`;
  const purple = `${id}-purple`;
  return (
    <svg className={styles.art} viewBox="0 0 380 300" width="380" height="300" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gold} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe49a" />
          <stop offset="0.5" stopColor="#f4c550" />
          <stop offset="1" stopColor="#b9800f" />
        </linearGradient>
        <linearGradient id={purple} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#9b74ff" />
          <stop offset="1" stopColor="#4c2bb8" />
        </linearGradient>
      </defs>
      <circle cx="200" cy="150" r="118" fill="none" stroke="rgb(244 197 80 / 22%)" strokeWidth="2" strokeDasharray="4 10" />
      <g transform="rotate(-14 150 150)">
        <rect x="92" y="62" width="120" height="168" rx="14" fill="#f7f4ff" />
        <rect x="100" y="70" width="104" height="152" rx="10" fill="none" stroke="#d9d2f7" strokeWidth="2" />
        <path d="M152 116l18 28-18 28-18-28z" fill="#e0344f" />
        <text x="108" y="96" fill="#e0344f" fontSize="22" fontWeight="800" fontFamily="Georgia, serif">
          A
        </text>
      </g>
      <g transform="rotate(12 250 150)">
        <rect x="184" y="58" width="120" height="168" rx="14" fill={`url(#${purple})`} />
        <rect x="194" y="68" width="100" height="148" rx="9" fill="none" stroke="rgb(255 255 255 / 35%)" strokeWidth="2" />
        <path d="M244 104l8 17 19 2-14 13 4 19-17-9-17 9 4-19-14-13 19-2z" fill={`url(#${gold})`} />
        <text x="226" y="196" fill="#fff" fontSize="26" fontWeight="800" fontFamily="Georgia, serif">
          777
        </text>
      </g>
      <g>
        <ellipse cx="92" cy="236" rx="42" ry="13" fill="#a87612" />
        <ellipse cx="92" cy="228" rx="42" ry="13" fill={`url(#${gold})`} />
        <ellipse cx="92" cy="216" rx="42" ry="13" fill="#a87612" />
        <ellipse cx="92" cy="208" rx="42" ry="13" fill={`url(#${gold})`} />
        <ellipse cx="92" cy="208" rx="26" ry="7" fill="none" stroke="#fff3c4" strokeWidth="2" opacity="0.7" />
      </g>
      <g>
        <circle cx="312" cy="238" r="30" fill={`url(#${gold})`} />
        <circle cx="312" cy="238" r="21" fill="none" stroke="#fff3c4" strokeWidth="2" opacity="0.7" />
        <text x="312" y="247" textAnchor="middle" fill="#6b4700" fontSize="24" fontWeight="900" fontFamily="Georgia, serif">
          K
        </text>
      </g>
      <path d="M330 70l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" fill="#ffe49a" />
      <path d="M60 90l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="#c9b6ff" />
      <path d="M350 150l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#fff" opacity="0.8" />
    </svg>
  );
}

/** The home hero until the banner carousel arrives; it keeps the same height so nothing shifts. */
export function HomeHero() {
  const { t } = useTranslation();
  const isLogin = useSessionStore((state) => state.isLogin);
  return (
    <section className={styles.hero} aria-labelledby="home-hero-title">
      <div>
        <span className={`${blocks.eyebrow} ${styles.eyebrow}`}>
          <Icon name="sparkle" size={14} />
          {t('home.hero.eyebrow')}
        </span>
        <h1 id="home-hero-title" className={`${blocks.heroTitle} ${styles.title}`}>
          {t('home.hero.titleStart')} <span className={blocks.goldText}>{t('home.hero.titleAccent')}</span>
        </h1>
        <p className={`${blocks.lead} ${styles.text}`}>{t('home.hero.text')}</p>
        <div className={styles.actions}>
          {isLogin ? (
            <Link to={paths.promotions.getHref()} className={buttonClassName({ size: 'large' })}>
              <Icon name="gift" size={18} />
              {t('home.hero.promotions')}
            </Link>
          ) : (
            <>
              <Button size="large" onClick={openRegisterModal}>
                {t('home.hero.join')}
              </Button>
              <Button size="large" variant="outline" onClick={() => openLoginModal()}>
                {t('header.login')}
              </Button>
            </>
          )}
        </div>
        <ul className={styles.perks}>
          <li>
            <Icon name="shield" size={16} />
            {t('home.hero.perkFair')}
          </li>
          <li>
            <Icon name="wallet" size={16} />
            {t('home.hero.perkFast')}
          </li>
          <li>
            <Icon name="headset" size={16} />
            {t('home.hero.perkSupport')}
          </li>
        </ul>
      </div>
      <HeroArt />
    </section>
  );
}
