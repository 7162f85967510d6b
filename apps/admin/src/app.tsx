import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { ApiError, api, getToken, setToken, whenSessionLost } from './api';
import { Brand } from './components/brand';
import { AdjustmentPage } from './pages/adjustment-page';
import { AggregatorsPage } from './pages/aggregators-page';
import { AuditPage } from './pages/audit-page';
import { CataloguePage } from './pages/catalogue-page';
import { ContentHub } from './pages/content-hub';
import { DepositsPage } from './pages/deposits-page';
import { FeedbackPage } from './pages/feedback-page';
import { LoginPage } from './pages/login-page';
import { LoyaltyHub } from './pages/loyalty-hub';
import { MembersPage } from './pages/members-page';
import { MessagesPage } from './pages/messages-page';
import { OperatorSecurityEnrol } from './pages/operator-security-enrol';
import { OperatorsPage } from './pages/operators-page';
import { PaymentProvidersPage } from './pages/payment-providers-page';
import { PlayerProtectionPage } from './pages/player-protection-page';
import { PromotionsHub } from './pages/promotions-hub';
import { ReconciliationPage } from './pages/reconciliation-page';
import { ReportsHub } from './pages/reports-hub';
import { RiskPage } from './pages/risk-page';
import { SiteSettingsPage } from './pages/site-settings-page';
import { SupportPage } from './pages/support-page';
import { WithdrawalsPage } from './pages/withdrawals-page';
import { canManage, canMoveMoney } from './roles';

const PAGES = [
  { id: 'members', label: 'Members' },
  { id: 'deposits', label: 'Deposits' },
  { id: 'withdrawals', label: 'Withdrawals' },
  { id: 'adjustments', label: 'Adjust balance' },
  { id: 'reconciliation', label: 'Reconciliation' },
  { id: 'payments', label: 'Payment providers' },
  { id: 'catalogue', label: 'Catalogue' },
  { id: 'aggregators', label: 'Aggregators' },
  { id: 'reports', label: 'Reports' },
  { id: 'promotions', label: 'Promotions' },
  { id: 'loyalty', label: 'Loyalty' },
  { id: 'protection', label: 'Player protection' },
  { id: 'risk', label: 'Risk' },
  { id: 'content', label: 'Content' },
  { id: 'messages', label: 'Messages' },
  { id: 'feedback', label: 'Feedback' },
  { id: 'support', label: 'Live chat' },
  { id: 'site', label: 'Site settings' },
  { id: 'audit', label: 'Audit log' },
  { id: 'operators', label: 'Operators' },
] as const;
type PageId = (typeof PAGES)[number]['id'];
/** Pages the server answers for finance and admin only (the payment rails); support does not see them. */
const MONEY_PAGES: ReadonlySet<PageId> = new Set<PageId>(['reconciliation', 'payments']);

/** The pages every role opens as they are; the money pages and Operators check the role first (below). */
const OPEN_PAGES: Partial<Record<PageId, (props: { me: OperatorMe }) => ReactNode>> = {
  members: MembersPage,
  content: ContentHub,
  risk: RiskPage,
  deposits: DepositsPage,
  withdrawals: WithdrawalsPage,
  catalogue: CataloguePage,
  aggregators: AggregatorsPage,
  reports: ReportsHub,
  promotions: PromotionsHub,
  loyalty: LoyaltyHub,
  protection: PlayerProtectionPage,
  messages: MessagesPage,
  feedback: FeedbackPage,
  support: SupportPage,
  site: SiteSettingsPage,
  audit: AuditPage,
};

function pageFromHash(): PageId {
  // #/promotions/awards: the first segment is the page, the rest is the page's own.
  const id = window.location.hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  return PAGES.some((page) => page.id === id) ? (id as PageId) : 'deposits';
}

/** The back office: login, then pending deposits and withdrawals, manual adjustments, the catalogue, site settings and the audit log. */
export function App() {
  const [me, setMe] = useState<OperatorMe | null>(null);
  const [isChecking, setIsChecking] = useState(Boolean(getToken()));
  const [page, setPage] = useState<PageId>(pageFromHash);
  const [notice, setNotice] = useState<string | null>(null);

  const signOut = useCallback((message: string | null) => {
    setToken(null);
    setMe(null);
    setNotice(message);
  }, []);

  useEffect(() => {
    whenSessionLost(() => signOut('Your session ended. Please log in again.'));
    return () => whenSessionLost(null);
  }, [signOut]);

  useEffect(() => {
    if (!getToken()) return;
    api<OperatorMe>('GET', '/admin-api/session')
      .then(setMe)
      .catch((error: unknown) => signOut(error instanceof ApiError ? error.message : null))
      .finally(() => setIsChecking(false));
  }, [signOut]);

  useEffect(() => {
    const onHash = () => setPage(pageFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  // On a phone the tabs scroll sideways: keep the current one in view.
  useEffect(() => {
    if (me && page) document.querySelector('.tab[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [me, page]);

  if (isChecking) return <p className="boot">Loading…</p>;
  if (!me)
    return (
      <LoginPage
        notice={notice}
        onLoggedIn={(operator) => {
          setNotice(null);
          setMe(operator);
        }}
      />
    );

  const logout = async () => {
    try {
      await api('DELETE', '/admin-api/session');
    } catch {
      // The session may already be gone; logging out locally is what matters.
    }
    signOut('You are logged out.');
  };

  // Admin and finance without an authenticator: nothing opens until one is enrolled.
  if (me.mustEnrolTotp) return <OperatorSecurityEnrol me={me} onEnrolled={setMe} onLogout={() => void logout()} />;
  const OpenPage = OPEN_PAGES[page];

  return (
    <div className="shell">
      <header className="topbar">
        <Brand />
        <div className="who">
          <span className="who-name" data-testid="operator-name">
            {me.username}
          </span>
          <span className={`role role-${me.role}`}>{me.role}</span>
          {me.merchantCode ? <span className="scope">{me.merchantCode}</span> : null}
          <button type="button" className="button ghost" onClick={() => void logout()}>
            Log out
          </button>
        </div>
      </header>
      <nav className="tabs" aria-label="Sections">
        {PAGES.filter((item) => (item.id !== 'operators' || canManage(me)) && (!MONEY_PAGES.has(item.id) || canMoveMoney(me))).map(
          (item) => (
            <a key={item.id} href={`#/${item.id}`} className="tab" aria-current={item.id === page ? 'page' : undefined}>
              {item.label}
            </a>
          ),
        )}
      </nav>
      <main className="content">
        {OpenPage ? <OpenPage me={me} /> : null}
        {page === 'adjustments' ? (
          canMoveMoney(me) ? (
            <AdjustmentPage />
          ) : (
            <p className="empty">Your role ({me.role}) may read but not adjust balances.</p>
          )
        ) : null}
        {page === 'reconciliation' ? (
          canMoveMoney(me) ? (
            <ReconciliationPage me={me} />
          ) : (
            <p className="empty">Reconciliation is for finance and admin.</p>
          )
        ) : null}
        {page === 'payments' ? (
          canMoveMoney(me) ? (
            <PaymentProvidersPage me={me} />
          ) : (
            <p className="empty">Payment providers are for finance and admin.</p>
          )
        ) : null}
        {page === 'operators' ? canManage(me) ? <OperatorsPage me={me} /> : <p className="empty">Only admins manage operators.</p> : null}
      </main>
    </div>
  );
}
