import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { MerchantPicker, useMerchants } from '../components/merchant-picker';
import { SubTabs, useHashSection } from '../components/sub-tabs';
import { ContentAnnouncementsPage } from './content-announcements-page';
import { ContentBannersPage } from './content-banners-page';
import { ContentHelpPage } from './content-help-page';
import { ContentLinksPage } from './content-links-page';

const SECTIONS = [
  { id: 'banners', label: 'Banners' },
  { id: 'announcements', label: 'Announcements & popups' },
  { id: 'help', label: 'Help centre' },
  { id: 'links', label: 'Customer service & links' },
] as const;

/** What the member site shows, per merchant, in BN/EN/SW: banners, announcements, help, contact entries and links. */
export function ContentHub({ me }: { me: OperatorMe }) {
  const section = useHashSection(SECTIONS);
  const { merchants, code, choose, error } = useMerchants(me);
  return (
    <div className="stack-page" data-testid="content-page">
      <SubTabs page="content" tabs={SECTIONS} current={section} label="Content sections" />
      <div className="section-head">
        <h1>Content</h1>
        <MerchantPicker merchants={merchants} code={code} onChoose={choose} />
      </div>
      {error ? <p className="banner error">{error}</p> : null}
      {code ? (
        <>
          {section === 'banners' ? <ContentBannersPage key={code} me={me} code={code} /> : null}
          {section === 'announcements' ? <ContentAnnouncementsPage key={code} me={me} code={code} /> : null}
          {section === 'help' ? <ContentHelpPage key={code} me={me} code={code} /> : null}
          {section === 'links' ? <ContentLinksPage key={code} me={me} code={code} /> : null}
        </>
      ) : null}
    </div>
  );
}
