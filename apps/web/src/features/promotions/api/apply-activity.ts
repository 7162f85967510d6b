import { PROMOTION_KIND_PATHS } from '@kismat/contracts/promotion-kinds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { getMerchantCode, getStoredLanguage, getToken } from '@/stores/storage';
import type { ActivityApplication } from './get-applications';
import { promotionKeys } from './promotion-keys';

export interface ApplyActivityInput {
  promotionId: number;
  comment: string;
  images: readonly File[];
}

/** POST multipart (T): the comment and up to three images; the server checks their real bytes. */
export async function applyActivity({ promotionId, comment, images }: ApplyActivityInput): Promise<ActivityApplication> {
  const form = new FormData();
  form.append('comment', comment);
  for (const image of images) form.append('images', image, image.name);
  const headers: Record<string, string> = { Accept: 'application/json', Language: getStoredLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const merchant = getMerchantCode();
  if (merchant) headers.Merchant = merchant;
  let response: Response;
  try {
    response = await fetch(PROMOTION_KIND_PATHS.activityApply.replace(':promotionId', String(promotionId)), {
      method: 'POST',
      body: form,
      headers,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('NETWORK_ERROR', '', 0);
  }
  const payload = (await response.json().catch(() => null)) as {
    success?: boolean;
    code?: string;
    message?: string;
    value?: ActivityApplication;
  } | null;
  if (!payload?.success || !payload.value) throw new ApiError(payload?.code ?? 'BAD_RESPONSE', payload?.message ?? '', response.status);
  return payload.value;
}

export function useApplyActivity() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: applyActivity, onSettled: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }) });
}
