import { ApiError, apiRequest } from '@/lib/api-client';
import { resetSealingKey, sealRequestBody } from '@/lib/sealed-request';

/**
 * An E call to a route with a path parameter: the server opens E bodies with its route's
 * pattern as the additional data (payload-encryption.ts reads routeOptions.url), so the body is
 * sealed for `pattern` ('/wps/agent/bills/:id/pay') and sent to `path` ('/wps/agent/bills/7/pay').
 * A key the server no longer accepts is fetched again once, as sealedRequest does.
 */
export async function sealedRouteRequest<T>(pattern: string, path: string, body: unknown): Promise<T> {
  const send = async () => apiRequest<T>(path, { method: 'POST', body: await sealRequestBody(pattern, body) });
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'DECRYPTION_FAILED') {
      resetSealingKey();
      return send();
    }
    throw error;
  }
}
