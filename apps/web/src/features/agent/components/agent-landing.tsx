import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { buttonClassName } from '@/components/ui/button';
import { Icon, type IconName } from '@/components/ui/icon';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/stores/session-store';
import styles from './agent-landing.module.css';

const BENEFITS: { key: 'dividend' | 'salary' | 'realtime' | 'team'; icon: IconName }[] = [
  { key: 'dividend', icon: 'coins' },
  { key: 'salary', icon: 'wallet' },
  { key: 'realtime', icon: 'clock' },
  { key: 'team', icon: 'userPlus' },
];

interface AgentLandingProps {
  /** The language picker lives in the shell; the page gets it from its route. */
  languageSelect: ReactNode;
  /** The agent login form (session feature), composed by the route. */
  loginForm: ReactNode;
}

/** /agent: the agent programme's pitch and the way into the agent login (no site header). */
export function AgentLanding({ languageSelect, loginForm }: AgentLandingProps) {
  const { t } = useTranslation();
  const isLogin = useSessionStore((state) => state.isLogin);
  const isAgent = useSessionStore((state) => state.isAgent);
  return (
    <main className={styles.page}>
      <div className={`${blocks.apart} ${styles.top}`}>
        <Link to={paths.home.getHref()} aria-label={t('shell.goHome')}>
          <Logo />
        </Link>
        {languageSelect}
      </div>
      <section aria-labelledby="agent-title">
        <p className={`${blocks.eyebrow} ${styles.eyebrow}`}>{t('agent.landing.eyebrow')}</p>
        <h1 id="agent-title" className={`${blocks.heroTitle} ${styles.title}`}>
          {t('agent.landing.titleStart')} <span className={blocks.goldText}>{t('agent.landing.titleAccent')}</span>
        </h1>
        <p className={`${blocks.lead} ${styles.lead}`}>{t('agent.landing.lead')}</p>
        <ul className={styles.benefits}>
          {BENEFITS.map((benefit) => (
            <li key={benefit.key} className={styles.benefit}>
              <span className={`${blocks.iconTile} ${styles.benefitIcon}`}>
                <Icon name={benefit.icon} size={20} />
              </span>
              <div>
                <p className={styles.benefitTitle}>{t(`agent.landing.benefits.${benefit.key}.title`)}</p>
                <p className={styles.benefitText}>{t(`agent.landing.benefits.${benefit.key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.card} aria-labelledby="agent-login-title">
        <span className={styles.cardIcon}>
          <Icon name="shield" size={34} strokeWidth={1.5} />
        </span>
        <h2 id="agent-login-title" className={styles.cardTitle}>
          {t('agent.landing.loginTitle')}
        </h2>
        <p className={styles.cardText}>{t('agent.landing.loginText')}</p>
        {isLogin && isAgent ? (
          <Link to={paths.agentHome.getHref()} className={buttonClassName({ size: 'large', isBlock: true })}>
            {t('agent.landing.openCentre')}
          </Link>
        ) : (
          <div className={styles.form}>{loginForm}</div>
        )}
        <Link to={paths.home.getHref()} className={styles.back}>
          {t('agent.landing.backToSite')}
        </Link>
      </section>
    </main>
  );
}
