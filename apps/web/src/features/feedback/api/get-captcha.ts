import type { SESSION_PATHS } from '@kismat/contracts/session';
import { api } from '@/lib/api-client';

const CAPTCHA_PATH = '/wps/captcha' satisfies (typeof SESSION_PATHS)['captcha'];

/** GET /wps/captcha (N): a base64 PNG; its id comes in the x-captcha-id header. */
export async function getCaptcha(): Promise<{ imageUrl: string; captchaId: string | undefined }> {
  let captchaId: string | undefined;
  const png = await api.get<string>(CAPTCHA_PATH, {
    skipAuthRedirect: true,
    onSuccess: ({ headers }) => {
      captchaId = headers.get('x-captcha-id') ?? undefined;
    },
  });
  return { imageUrl: `data:image/png;base64,${png}`, captchaId };
}
