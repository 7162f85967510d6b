import type { AnnouncementItem, PopupExecution } from '@kismat/contracts/messages';

/** Spec section 2: B is for visitors, A for logged-in users, F only on a member's first login. */
export function popupAudiences({ isLogin, isFirstLogin }: { isLogin: boolean; isFirstLogin: boolean }): PopupExecution[] {
  if (!isLogin) return ['B'];
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
  state: { isLogin: boolean; isFirstLogin: boolean },
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
