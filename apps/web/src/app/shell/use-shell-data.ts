import { useMemo } from 'react';
import { usePermission } from '@/features/system/api/get-permission';
import { type CustomerServiceLink, toCustomerServiceLinks, toSafeUrl } from '@/features/system/utils/customer-service';
import { isModuleEnabled, isResourceOn, REFERRAL_MODULE_ID, RESOURCE_KEYS } from '@/features/system/utils/whitelabel';
import { useSessionStore } from '@/stores/session-store';

export interface ShellData {
  customerService: CustomerServiceLink[];
  liveChat: CustomerServiceLink | null;
  telegram: string[];
  whatsapp: string | null;
  facebook: string | null;
  isReferralEnabled: boolean;
  iosDownloadUrl: string | null;
  androidDownloadUrl: string | null;
  /** Footer logo lists the operator set (brand names); null: the defaults for the visitor's market. */
  footerLogos: { payment: string[] | null; certification: string[] | null; licence: string[] | null };
}

/** A comma list of names from a resource; null when unset or empty (the site's defaults apply). */
function resourceList(resources: Readonly<Record<string, string>>, key: string): string[] | null {
  const names = (resources[key] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 ? names : null;
}

function resourceUrl(resources: Readonly<Record<string, string>>, key: string): string | null {
  const value = resources[key];
  return value ? toSafeUrl(value) : null;
}

/** What the side menu, floating bar and footer read from the permission data, decoded once. */
export function useShellData(): ShellData {
  const { data: permission } = usePermission();
  // A signed-in member's state says whether the referral promotion is live for them
  // (availablePromo.REFERRAL.enabled); a visitor sees the site's invite switch.
  const memberReferral = useSessionStore((state) => (state.isLogin && state.member ? state.member.availablePromo.REFERRAL.enabled : null));
  return useMemo(() => {
    const resources = permission?.resources ?? {};
    const customerService = toCustomerServiceLinks(permission?.customerService ?? []);
    const serviceUrl = (type: CustomerServiceLink['type']) => customerService.find((link) => link.type === type)?.url ?? null;
    // The floating bar's two Telegram links come from resources; the support entry stands in.
    const telegram = [resourceUrl(resources, RESOURCE_KEYS.telegramChannel), resourceUrl(resources, RESOURCE_KEYS.telegramGroup)].filter(
      (url): url is string => url !== null,
    );
    const supportTelegram = serviceUrl('TELEGRAM');
    const liveChat = customerService.find((link) => link.type === 'LIVECHAT') ?? null;
    return {
      customerService,
      liveChat: isResourceOn(resources, RESOURCE_KEYS.isLiveChatEnabled) ? liveChat : null,
      telegram: telegram.length > 0 ? telegram : supportTelegram ? [supportTelegram] : [],
      whatsapp: resourceUrl(resources, RESOURCE_KEYS.whatsapp) ?? serviceUrl('WHATSAPP'),
      facebook: serviceUrl('FACEBOOK'),
      isReferralEnabled:
        memberReferral ??
        (isModuleEnabled(permission?.whitelabel ?? [], REFERRAL_MODULE_ID) && isResourceOn(resources, RESOURCE_KEYS.isInviteEnabled)),
      iosDownloadUrl: resourceUrl(resources, RESOURCE_KEYS.iosDownloadUrl),
      androidDownloadUrl: resourceUrl(resources, RESOURCE_KEYS.androidDownloadUrl),
      footerLogos: {
        payment: resourceList(resources, RESOURCE_KEYS.footerPaymentLogos),
        certification: resourceList(resources, RESOURCE_KEYS.footerCertificationLogos),
        licence: resourceList(resources, RESOURCE_KEYS.footerLicenceLogos),
      },
    };
  }, [permission, memberReferral]);
}
