import type { Language } from '@kismat/contracts/languages';
import type { ListAnnouncementsValue, MESSAGES_PATHS } from '@kismat/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';
import { promotionKeys } from './promotion-keys';

const LIST_ANNOUNCEMENTS_PATH = '/wps/relay/MCSFE_getListAnnouncements' satisfies (typeof MESSAGES_PATHS)['listAnnouncements'];

/** The promotions page's banners (w_promotion) and promotion announcements (PR, announcementImages). */
export function getPromotionAnnouncements(language: Language): Promise<ListAnnouncementsValue> {
  return api.get<ListAnnouncementsValue>(LIST_ANNOUNCEMENTS_PATH, { query: { types: 'B,PR', platform: 'W', language } });
}

export function usePromotionAnnouncements() {
  const language = useLanguage();
  return useQuery(
    queryOptions({
      queryKey: promotionKeys.announcements(language),
      queryFn: () => getPromotionAnnouncements(language),
      staleTime: 5 * 60_000,
    }),
  );
}
