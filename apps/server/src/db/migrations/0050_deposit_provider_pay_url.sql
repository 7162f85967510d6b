-- Payment providers (issue 22): where the member pays an online order at the provider (bKash bkashURL).
ALTER TABLE "deposit_requests" ADD COLUMN IF NOT EXISTS "provider_pay_url" text;
