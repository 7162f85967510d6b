import type { SESSION_PATHS } from '@kismat/contracts/session';
import { api } from '@/lib/api-client';

const CAPTCHA_PATH = '/wps/captcha' satisfies (typeof SESSION_PATHS)['captcha'];
const CAPTCHA_ID_HEADER = 'x-captcha-id';

export interface Captcha {
  /** A data: URL of the PNG. */
  imageUrl: string;
  /** Sent back with the answer, so the check does not depend on the captcha cookie. */
  captchaId: string | undefined;
}

/** GET /wps/captcha (N): value is a base64 PNG; its id comes in the x-captcha-id header. */
export async function getCaptcha(): Promise<Captcha> {
  let captchaId: string | undefined;
  const png = await api.get<string>(CAPTCHA_PATH, {
    skipAuthRedirect: true,
    onSuccess: ({ headers }) => {
      captchaId = headers.get(CAPTCHA_ID_HEADER) ?? undefined;
    },
  });
  return { imageUrl: `data:image/png;base64,${png}`, captchaId };
}
