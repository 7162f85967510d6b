import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import { useMutation } from '@tanstack/react-query';
import { postMultipart } from '@/lib/api-client';

export interface UploadedProof {
  uploadId: string;
  contentType: string;
  size: number;
}

/** POST the image as multipart (the JSON client does not send files). */
export async function uploadProof(file: File): Promise<UploadedProof> {
  const form = new FormData();
  form.append('file', file);
  return postMultipart<UploadedProof>(CASHIER_PATHS.uploads, form);
}

export function useUploadProof() {
  return useMutation({ mutationFn: uploadProof });
}
