import type { Language } from '@kismat/contracts/languages';
import type { BannerItem, MESSAGES_PATHS } from '@kismat/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';

const ANNOUNCEMENTS_PATH = '/wps/relay/MCSFE_getListAnnouncements' satisfies (typeof MESSAGES_PATHS)['listAnnouncements'];

/** Banner groups of the account popups (spec section 3): login and register carry the language. */
export type FormBannerGroup = 'login' | 'register' | 'forget';

export function bannerGroupName(group: FormBannerGroup, language: Language): string {
  if (group === 'login') return `w_login_${language}`;
  if (group === 'register') return `w_reg_${language}`;
  return 'w_forget';
}

/** The banners (types=B) of every group; the popups pick theirs. */
export async function getBanners(language: Language): Promise<BannerItem[]> {
  const value = await api.get<{ banners?: BannerItem[] }>(ANNOUNCEMENTS_PATH, {
    query: { types: 'B', platform: 'W', language },
    skipAuthRedirect: true,
  });
  return value.banners ?? [];
}

export function getBannersQueryOptions(language: Language) {
  return queryOptions({ queryKey: ['messages', 'banners', language], queryFn: () => getBanners(language), staleTime: 5 * 60_000 });
}

/** The first banner of a popup's group, or null (no banner, or the call failed: the popup still works). */
export function useFormBanner(group: FormBannerGroup): BannerItem | null {
  const language = useLanguage();
  const { data } = useQuery({ ...getBannersQueryOptions(language), retry: false });
  const name = bannerGroupName(group, language);
  return data?.filter((banner) => banner.groupName === name).sort((a, b) => a.sort - b.sort)[0] ?? null;
}
