import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { MerchantHub, type MerchantSection } from '../components/merchant-hub';
import { ContentAnnouncementsPage } from './content-announcements-page';
import { ContentBannersPage } from './content-banners-page';
import { ContentHelpPage } from './content-help-page';
import { ContentLinksPage } from './content-links-page';

const SECTIONS: readonly MerchantSection<string>[] = [
  { id: 'banners', label: 'Banners', show: (code, me) => <ContentBannersPage key={code} me={me} code={code} /> },
  {
    id: 'announcements',
    label: 'Announcements & popups',
    show: (code, me) => <ContentAnnouncementsPage key={code} me={me} code={code} />,
  },
  { id: 'help', label: 'Help centre', show: (code, me) => <ContentHelpPage key={code} me={me} code={code} /> },
  { id: 'links', label: 'Customer service & links', show: (code, me) => <ContentLinksPage key={code} me={me} code={code} /> },
];

/** What the member site shows, per merchant, in BN/EN/SW: banners, announcements, help, contact entries and links. */
export function ContentHub({ me }: { me: OperatorMe }) {
  return <MerchantHub me={me} page="content" label="Content sections" title="Content" testId="content-page" sections={SECTIONS} />;
}
