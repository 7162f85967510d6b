import { PROMOTION_KIND_PATHS } from '@kismat/contracts/promotion-kinds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postMultipart } from '@/lib/api-client';
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
  return postMultipart<ActivityApplication>(PROMOTION_KIND_PATHS.activityApply.replace(':promotionId', String(promotionId)), form);
}

export function useApplyActivity() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: applyActivity, onSettled: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }) });
}
