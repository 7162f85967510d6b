import type { Language } from '@kismat/contracts/languages';
import type { ListAnnouncementsValue, MESSAGES_PATHS } from '@kismat/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';

const LIST_ANNOUNCEMENTS_PATH = '/wps/relay/MCSFE_getListAnnouncements' satisfies (typeof MESSAGES_PATHS)['listAnnouncements'];

/** Home needs banners, player notices and popups; one call carries all three. */
const HOME_TYPES = 'B,PL,PU,H';

export function getHomeAnnouncements(language: Language): Promise<ListAnnouncementsValue> {
  return api.get<ListAnnouncementsValue>(LIST_ANNOUNCEMENTS_PATH, { query: { types: HOME_TYPES, platform: 'W', language } });
}

export function homeAnnouncementsQueryKey(language: Language) {
  return ['messages', 'announcements', 'home', language] as const;
}

export function getHomeAnnouncementsQueryOptions(language: Language) {
  return queryOptions({
    queryKey: homeAnnouncementsQueryKey(language),
    queryFn: () => getHomeAnnouncements(language),
    staleTime: 5 * 60_000,
  });
}

export function useHomeAnnouncements() {
  const language = useLanguage();
  return useQuery(getHomeAnnouncementsQueryOptions(language));
}
