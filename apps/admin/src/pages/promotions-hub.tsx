import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { useEffect, useState } from 'react';
import { PromotionsApplicationsPage } from './promotions-applications-page';
import { PromotionsAwardsPage } from './promotions-awards-page';
import { PromotionsListPage } from './promotions-list-page';
import { PromotionsReferralsPage } from './promotions-referrals-page';
import { PromotionsRequirementsPage } from './promotions-requirements-page';

const SECTIONS = [
  { id: 'list', label: 'Promotions' },
  { id: 'awards', label: 'Awards' },
  { id: 'applications', label: 'Applications' },
  { id: 'referrals', label: 'Referral flags' },
  { id: 'requirements', label: 'Turnover' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

function sectionFromHash(): SectionId {
  const id = window.location.hash.replace(/^#\/?/, '').split('/')[1] ?? '';
  return SECTIONS.some((section) => section.id === id) ? (id as SectionId) : 'list';
}

/** The promotions back office: promotions and their editor, awards, the review queues, turnover and waivers. */
export function PromotionsHub({ me }: { me: OperatorMe }) {
  const [section, setSection] = useState<SectionId>(sectionFromHash);
  useEffect(() => {
    const onHash = () => setSection(sectionFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return (
    <div className="stack-page">
      <nav className="tabs sub-tabs" aria-label="Promotion sections">
        {SECTIONS.map((item) => (
          <a key={item.id} href={`#/promotions/${item.id}`} className="tab" aria-current={item.id === section ? 'page' : undefined}>
            {item.label}
          </a>
        ))}
      </nav>
      {section === 'list' ? <PromotionsListPage me={me} /> : null}
      {section === 'awards' ? <PromotionsAwardsPage /> : null}
      {section === 'applications' ? <PromotionsApplicationsPage me={me} /> : null}
      {section === 'referrals' ? <PromotionsReferralsPage me={me} /> : null}
      {section === 'requirements' ? <PromotionsRequirementsPage me={me} /> : null}
    </div>
  );
}
