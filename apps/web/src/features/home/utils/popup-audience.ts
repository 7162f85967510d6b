import type { AnnouncementItem, PopupExecution } from '@kismat/contracts/messages';

export interface PopupAudienceState {
  isLogin: boolean;
  isFirstLogin: boolean;
  /** A member signed out in this tab (stores/storage.ts SESSION_KEYS.hasSignedOut). */
  hasSignedOut?: boolean;
}

/**
 * Spec section 2: B is for visitors, A for logged-in users, F only on a member's first login.
 * B welcomes newcomers ("New here?"): after a member signs out, the person still here has an
 * account and is not greeted as new again in this tab.
 */
export function popupAudiences({ isLogin, isFirstLogin, hasSignedOut = false }: PopupAudienceState): PopupExecution[] {
  if (!isLogin) return hasSignedOut ? [] : ['B'];
  return isFirstLogin ? ['F', 'A'] : ['A'];
}

/** The session marker of one audience's popup list: set when it is closed, so it shows once a session. */
export function popupMarker(execution: PopupExecution, ids: readonly number[]): string {
  return `${execution}:${[...ids].sort((left, right) => left - right).join(',')}`;
}

export interface PopupSelection {
  items: AnnouncementItem[];
  markers: string[];
}

/** The popups to show now: this audience's items whose list was not closed in this session. */
export function selectPopups(
  popups: readonly AnnouncementItem[],
  state: PopupAudienceState,
  isClosed: (marker: string) => boolean,
): PopupSelection {
  const items: AnnouncementItem[] = [];
  const markers: string[] = [];
  for (const execution of popupAudiences(state)) {
    const group = popups.filter((popup) => popup.execution === execution);
    if (group.length === 0) continue;
    const marker = popupMarker(
      execution,
      group.map((popup) => popup.id),
    );
    if (isClosed(marker)) continue;
    items.push(...group);
    markers.push(marker);
  }
  return { items, markers };
}
