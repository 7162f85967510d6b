import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { HELP_ORGANISATIONS } from '../utils/help-organisations';
import styles from './safer.module.css';

/** Organisations that help for free; websites only, opened in a new tab. */
export function HelpPanel() {
  const { t } = useTranslation('safer');
  return (
    <>
      <p className={styles.intro}>{t('help.intro')}</p>
      <ul className={styles.orgs}>
        {HELP_ORGANISATIONS.map((org) => (
          <li key={org.id} className={styles.org}>
            <span className={styles.orgName}>{org.name}</span>
            <span className={styles.cardHint}>{t(`help.orgs.${org.id}`)}</span>
            <a className={styles.link} href={org.url} target="_blank" rel="noopener noreferrer">
              {t('help.visit')} <Icon name="external" size={14} style={{ display: 'inline' }} />
            </a>
          </li>
        ))}
      </ul>
      <div className={styles.card}>
        <h3 className={styles.cardTitle}>{t('help.signsTitle')}</h3>
        <p className={styles.cardHint}>{t('help.signs')}</p>
      </div>
    </>
  );
}
