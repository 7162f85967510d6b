import { z } from 'zod';

/*
 * The bodies Daraja POSTs to us, as published: the STK Push callback (Body.stkCallback) and the
 * B2C / Transaction Status / Reversal result (Result). Daraja does not sign them: a parsed body is
 * a claim, never proof (mpesa-provider.ts confirms it before money moves).
 */

const metadataItem = z.object({ Name: z.string(), Value: z.union([z.string(), z.number()]).optional() });

export const stkCallbackBody = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().min(1),
      CheckoutRequestID: z.string().min(1),
      ResultCode: z.coerce.number().int(),
      ResultDesc: z.string(),
      CallbackMetadata: z.object({ Item: z.array(metadataItem) }).optional(),
    }),
  }),
});

export interface StkCallback {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  /** Whole shillings, as Daraja sends Amount (1.00 -> 1). */
  amount: number | null;
  receipt: string | null;
  phone: string | null;
  /** yyyyMMddHHmmss, EAT. */
  transactionDate: string | null;
}

export function parseStkCallback(raw: unknown): StkCallback | null {
  const parsed = stkCallbackBody.safeParse(raw);
  if (!parsed.success) return null;
  const callback = parsed.data.Body.stkCallback;
  const item = (name: string) => callback.CallbackMetadata?.Item.find((entry) => entry.Name === name)?.Value;
  const amount = item('Amount');
  return {
    merchantRequestId: callback.MerchantRequestID,
    checkoutRequestId: callback.CheckoutRequestID,
    resultCode: callback.ResultCode,
    resultDesc: callback.ResultDesc,
    amount: amount === undefined ? null : Number(amount),
    receipt: item('MpesaReceiptNumber') === undefined ? null : String(item('MpesaReceiptNumber')),
    phone: item('PhoneNumber') === undefined ? null : String(item('PhoneNumber')),
    transactionDate: item('TransactionDate') === undefined ? null : String(item('TransactionDate')),
  };
}

const resultParameter = z.object({ Key: z.string(), Value: z.union([z.string(), z.number()]).optional() });

export const resultBody = z.object({
  Result: z.object({
    ResultType: z.coerce.number().int().optional(),
    ResultCode: z.union([z.string(), z.number()]),
    ResultDesc: z.string(),
    OriginatorConversationID: z.string().min(1),
    ConversationID: z.string().optional(),
    TransactionID: z.string().optional(),
    ResultParameters: z.object({ ResultParameter: z.union([z.array(resultParameter), resultParameter]) }).optional(),
  }),
});

export interface DarajaResult {
  resultCode: string;
  resultDesc: string;
  originatorConversationId: string;
  conversationId: string | null;
  transactionId: string | null;
  /** TransactionAmount (B2C), whole shillings. */
  amount: number | null;
  /** TransactionReceipt (B2C). */
  receipt: string | null;
}

export function parseResult(raw: unknown): DarajaResult | null {
  const parsed = resultBody.safeParse(raw);
  if (!parsed.success) return null;
  const result = parsed.data.Result;
  const parameters = result.ResultParameters?.ResultParameter;
  const list = parameters === undefined ? [] : Array.isArray(parameters) ? parameters : [parameters];
  const value = (key: string) => list.find((entry) => entry.Key === key)?.Value;
  const amount = value('TransactionAmount');
  const receipt = value('TransactionReceipt');
  return {
    resultCode: String(result.ResultCode),
    resultDesc: result.ResultDesc,
    originatorConversationId: result.OriginatorConversationID,
    conversationId: result.ConversationID ?? null,
    transactionId: result.TransactionID ?? null,
    amount: amount === undefined ? null : Number(amount),
    receipt: receipt === undefined ? null : String(receipt),
  };
}

/** What we answer every Daraja callback once it is recorded (Daraja retries otherwise). */
export const DARAJA_ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' } as const;
