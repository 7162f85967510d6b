import { eq } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import type { Db } from '../../platform/db';
import { saveCannedAnswer } from './canned-answers';

/**
 * The demo site's canned answers (Bengali, the site's default language), so the support console
 * is usable at once; idempotent (same title: same row). Operators edit them in the console.
 */
const DEMO_ANSWERS = [
  { title: 'স্বাগতম', body: 'নমস্কার! কিসমত সাপোর্টে আপনাকে স্বাগতম। আমি কীভাবে সাহায্য করতে পারি?' },
  { title: 'ডিপোজিট যাচাই', body: 'আপনার ডিপোজিট যাচাই করা হচ্ছে। অনুগ্রহ করে লেনদেন নম্বর (TrxID) ও পরিমাণ পাঠান।' },
  { title: 'উইথড্র সময়', body: 'উইথড্র সাধারণত 30 মিনিটের মধ্যে সম্পন্ন হয়। দেরি হলে এখানেই জানাবেন।' },
  { title: 'Goodbye', body: 'Thank you for contacting Kismat support. Good luck!' },
] as const;

export async function seedDemoCannedAnswers(db: Db): Promise<void> {
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, 'KISMAT')).limit(1);
  if (!merchant) return;
  for (const answer of DEMO_ANSWERS) await saveCannedAnswer(db, merchant.id, answer);
}
