import { useMemo } from 'react';
import { usePermission } from '@/features/system/api/get-permission';
import { type CustomerServiceLink, toCustomerServiceLinks } from '@/features/system/utils/customer-service';
import { isModuleEnabled, REFERRAL_MODULE_ID, RESOURCE_KEYS, readDownloadUrl } from '@/features/system/utils/whitelabel';

export interface ShellData {
  customerService: CustomerServiceLink[];
  liveChat: CustomerServiceLink | null;
  telegram: CustomerServiceLink[];
  whatsapp: CustomerServiceLink | null;
  isReferralEnabled: boolean;
  iosDownloadUrl: string | null;
  androidDownloadUrl: string | null;
}

/** What the side menu, floating bar and footer read from the permission data, decoded once. */
export function useShellData(): ShellData {
  const { data: permission } = usePermission();
  return useMemo(() => {
    const customerService = toCustomerServiceLinks(permission?.customerService ?? []);
    return {
      customerService,
      liveChat: customerService.find((link) => link.type === 'LIVECHAT') ?? null,
      // The floating bar has room for two Telegram links (e.g. support and a news channel).
      telegram: customerService.filter((link) => link.type === 'TELEGRAM').slice(0, 2),
      whatsapp: customerService.find((link) => link.type === 'WHATSAPP') ?? null,
      isReferralEnabled: isModuleEnabled(permission?.whitelabel ?? [], REFERRAL_MODULE_ID),
      iosDownloadUrl: readDownloadUrl(permission?.resources ?? {}, RESOURCE_KEYS.iosDownloadUrl),
      androidDownloadUrl: readDownloadUrl(permission?.resources ?? {}, RESOURCE_KEYS.androidDownloadUrl),
    };
  }, [permission]);
}
