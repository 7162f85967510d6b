import type { FeatureFlag } from '@kismat/contracts/flags';
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Icon, type IconName } from '@/components/ui/icon';
import { type MemberPage, paths } from '@/config/paths';
import { runMemberAction } from '@/stores/member-access';
import styles from './account-menu.module.css';

export type AccountMenuEntry =
  | 'deposit'
  | 'withdraw'
  | 'bettingRecord'
  | 'accountRecord'
  | 'profitLoss'
  | 'rewardCenter'
  | 'points'
  | 'securityCenter'
  | 'agentCenter'
  | 'manualRebate'
  | 'vip';

interface EntryDefinition {
  entry: AccountMenuEntry;
  icon: IconName;
  href: string;
}

const memberHref = (page: MemberPage) => paths.member.getHref(page);

/** The account menu of spec section 2, in its order; deposit and withdraw join it on phones. */
const ENTRIES: readonly EntryDefinition[] = [
  { entry: 'deposit', icon: 'wallet', href: memberHref('depositv2') },
  { entry: 'withdraw', icon: 'download', href: memberHref('withdraw') },
  { entry: 'bettingRecord', icon: 'clock', href: memberHref('personalHistoryCopy') },
  { entry: 'accountRecord', icon: 'ticket', href: memberHref('transactionHistory') },
  { entry: 'profitLoss', icon: 'coins', href: memberHref('personalProfit') },
  { entry: 'rewardCenter', icon: 'gift', href: memberHref('rewardCenter') },
  { entry: 'points', icon: 'star', href: paths.pointMall.getHref() },
  { entry: 'securityCenter', icon: 'shield', href: memberHref('securityCenter') },
  { entry: 'agentCenter', icon: 'crown', href: paths.agentHome.getHref() },
  { entry: 'manualRebate', icon: 'refresh', href: memberHref('manualRebate') },
  { entry: 'vip', icon: 'crown', href: paths.vip.getHref() },
];

export interface AccountMenuContext {
  flags: Partial<Record<FeatureFlag, boolean>> | undefined;
  isAgent: boolean;
  /** Phones have no room for the deposit and withdraw buttons: they move into the menu. */
  hasMoneyButtons: boolean;
  /** A member with a VIP level sees the VIP club entry (member state hasVip). */
  hasVip?: boolean;
}

/**
 * The entries a member sees (spec section 2): points only with PTSYS3, the agent centre only
 * for agents, manual rebate only with MANPLAYREB3, the VIP club for members with a level.
 */
export function accountMenuEntries({ flags, isAgent, hasMoneyButtons, hasVip = false }: AccountMenuContext): AccountMenuEntry[] {
  return ENTRIES.filter(({ entry }) => {
    if (entry === 'deposit' || entry === 'withdraw') return !hasMoneyButtons;
    if (entry === 'points') return flags?.PTSYS3 === true;
    if (entry === 'agentCenter') return isAgent;
    if (entry === 'manualRebate') return flags?.MANPLAYREB3 === true;
    if (entry === 'vip') return hasVip;
    return true;
  }).map(({ entry }) => entry);
}

interface AccountMenuProps extends AccountMenuContext {
  nickname: string;
  isTrial: boolean;
  rewardCount: number;
  /** vipLabelName of the member state, shown beside the name when hasVip. */
  vipLabel?: string | null;
  onSignOut: () => void;
}

/** The avatar button and its drop menu; member-only entries are refused to trial players. */
export function AccountMenu({ nickname, isTrial, rewardCount, vipLabel = null, onSignOut, ...context }: AccountMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const entries = accountMenuEntries(context);

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setIsOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? (index + 1) % items.length : (index - 1 + items.length) % items.length;
    items[next]?.focus();
  };

  const go = (href: string) => {
    setIsOpen(false);
    runMemberAction(() => void navigate(href));
  };

  return (
    <div ref={rootRef} className={styles.root}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span className={styles.avatar}>
          <Icon name="user" size={18} />
        </span>
        <span className={styles.nickname}>{nickname}</span>
        {isTrial ? <span className={styles.trialTag}>{t('header.trialTag')}</span> : null}
        {vipLabel ? (
          <span className={styles.vipTag} data-testid="header-vip">
            {vipLabel}
          </span>
        ) : null}
        <Icon name="chevronDown" size={16} className={styles.chevron} />
        <span className="visually-hidden">{t('header.accountMenu')}</span>
      </button>
      {isOpen ? (
        <div id={menuId} role="menu" aria-label={t('header.accountMenu')} className={styles.menu} onKeyDown={onMenuKeyDown}>
          <p className={styles.menuHead}>
            <span className={styles.menuName}>{nickname}</span>
            {vipLabel ? <span className={styles.vipTag}>{vipLabel}</span> : null}
            {isTrial ? <span className={styles.menuNote}>{t('header.trialNote')}</span> : null}
          </p>
          {entries.map((entry) => {
            const definition = ENTRIES.find((item) => item.entry === entry);
            if (!definition) return null;
            return (
              <button key={entry} type="button" role="menuitem" className={styles.item} onClick={() => go(definition.href)}>
                <Icon name={definition.icon} size={18} />
                <span className={styles.itemLabel}>{t(`header.menu.${entry}`)}</span>
                {entry === 'rewardCenter' && rewardCount > 0 ? (
                  <span className={`${blocks.countBadge} ${styles.badge}`}>{rewardCount > 99 ? '99+' : rewardCount}</span>
                ) : null}
              </button>
            );
          })}
          <button
            type="button"
            role="menuitem"
            className={`${styles.item} ${styles.signOut}`}
            onClick={() => {
              setIsOpen(false);
              onSignOut();
            }}
          >
            <Icon name="logout" size={18} />
            <span className={styles.itemLabel}>{t('header.logout')}</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
