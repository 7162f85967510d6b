import { randomUUID } from 'node:crypto';
import { VENDOR_HEADERS, type VendorResponse, vendorResponse } from '@kismat/contracts/vendor-wallet';
import type { FastifyInstance } from 'fastify';
import { signVendorPayload } from '../vendor-wallet/index';

/**
 * The DEMO vendor's client for our seamless API: signs the body exactly as a real vendor must
 * and calls it in-process (app.inject goes through routing, parsing and the signature check
 * like a network call would).
 */
export async function callVendorApi(
  app: FastifyInstance,
  input: { vendorCode: string; secret: string; path: string; body: Record<string, unknown> },
): Promise<VendorResponse> {
  const payload = JSON.stringify({ requestUuid: randomUUID(), ...input.body });
  const timestamp = String(app.now().getTime());
  const response = await app.inject({
    method: 'POST',
    url: input.path,
    payload,
    headers: {
      'content-type': 'application/json',
      [VENDOR_HEADERS.vendor]: input.vendorCode,
      [VENDOR_HEADERS.timestamp]: timestamp,
      [VENDOR_HEADERS.signature]: signVendorPayload(input.secret, timestamp, payload),
    },
  });
  return vendorResponse.parse(response.json());
}
