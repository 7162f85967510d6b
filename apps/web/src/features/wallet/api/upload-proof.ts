import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { getMerchantCode, getStoredLanguage, getToken } from '@/stores/storage';

export interface UploadedProof {
  uploadId: string;
  contentType: string;
  size: number;
}

/** POST the image as multipart (the JSON client does not send files). */
export async function uploadProof(file: File): Promise<UploadedProof> {
  const form = new FormData();
  form.append('file', file);
  const headers: Record<string, string> = { Accept: 'application/json', Language: getStoredLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const merchant = getMerchantCode();
  if (merchant) headers.Merchant = merchant;
  const response = await fetch(CASHIER_PATHS.uploads, { method: 'POST', body: form, headers, credentials: 'same-origin' });
  const payload = (await response.json().catch(() => null)) as {
    success?: boolean;
    code?: string;
    message?: string;
    value?: UploadedProof;
  } | null;
  if (!payload?.success || !payload.value) throw new ApiError(payload?.code ?? 'BAD_RESPONSE', payload?.message ?? '', response.status);
  return payload.value;
}

export function useUploadProof() {
  return useMutation({ mutationFn: uploadProof });
}
