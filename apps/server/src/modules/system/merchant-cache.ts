/** What an operation needs to make a running app see its change at once (`app.merchants`). */
export type MerchantCache = { invalidate(): void };
