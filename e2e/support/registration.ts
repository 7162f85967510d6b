import { createHash, randomInt } from 'node:crypto';
import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { hashPassword } from '../../apps/server/src/modules/member/password-hash';

/**
 * What a person registering through the register popup needs from outside the browser: the SMS
 * code (from the stand-in SMS gateway the e2e server sends to) and the captcha's answer.
 * The server offers no test-only way to read a captcha answer, so on Postgres the answer is
 * found by exhaustion from the stored hash (4 characters of the captcha alphabet); specs that
 * register skip themselves without DATABASE_URL (canSolveCaptcha).
 */

const adminDatabaseUrl = process.env.DATABASE_URL;
export const canSolveCaptcha = Boolean(adminDatabaseUrl);

/** platform/captcha.ts CAPTCHA_ALPHABET, with the look-alikes it reads as these. */
const CAPTCHA_ALPHABET = 'ACDEFHJKMNPRTVWXY23456789';

/** A Bangladesh mobile number: 1, an operator digit 3-9, eight digits. */
export function randomMobile(): string {
  return `1${randomInt(3, 10)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** The newest SMS code sent to a number since `after`, as the e2e SMS gateway received it from the server. */
export async function smsCode(smsGatewayUrl: string, nationalNumber: string, after: number): Promise<string> {
  const to = `+880${nationalNumber}`;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${smsGatewayUrl}/messages?to=${encodeURIComponent(to)}`);
    const sent = (await response.json()) as { text: string; receivedAt: number }[];
    const newest = sent.find((message) => message.receivedAt >= after - 2000);
    const code = newest?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`no SMS code for ${to}`);
}

async function withClient<T>(database: string | null, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(adminDatabaseUrl ?? '');
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The databases e2e servers run on; the one of this run is found by what it holds. */
function e2eDatabases(): Promise<string[]> {
  return withClient(null, async (client) => {
    const result = await client.query<{ datname: string }>("select datname from pg_database where datname like 'kismat_e2e_%'");
    return result.rows.map((row) => row.datname);
  });
}

/** The stored answer hash of a captcha; the e2e database is the one that holds its id. */
async function captchaHash(captchaId: string): Promise<string> {
  for (const name of await e2eDatabases()) {
    const hash = await withClient(name, async (client) => {
      const result = await client
        .query<{ answer_hash: string }>('select answer_hash from captchas where id = $1', [captchaId])
        .catch(() => null);
      return result?.rows[0]?.answer_hash ?? null;
    });
    if (hash) return hash;
  }
  throw new Error(`captcha ${captchaId} not found`);
}

export async function solveCaptcha(captchaId: string): Promise<string> {
  const hash = await captchaHash(captchaId);
  for (const a of CAPTCHA_ALPHABET)
    for (const b of CAPTCHA_ALPHABET)
      for (const c of CAPTCHA_ALPHABET)
        for (const d of CAPTCHA_ALPHABET) {
          const answer = `${a}${b}${c}${d}`;
          if (createHash('sha256').update(`${captchaId}:${answer}`).digest('hex') === hash) return answer;
        }
  throw new Error('captcha answer not found');
}

/**
 * Gives a member a password the way an account made before the password rules holds it:
 * registration, agent-made downlines and every change now refuse 123456 (issue 11 item 8), and
 * no operator call sets a member's password, but accounts from before keep theirs. The hash is
 * the server's own (argon2id, same parameters), written in the e2e database, found by the name.
 */
export async function setPasswordFromBeforeTheRules(username: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  for (const name of await e2eDatabases()) {
    const updated = await withClient(name, (client) =>
      client.query('update members set password_hash = $1 where username = $2', [passwordHash, username]).catch(() => null),
    );
    if (updated?.rowCount === 1) return;
  }
  throw new Error(`member ${username} not found in the e2e database`);
}

/** Records the id of every captcha image the page loads (x-captcha-id), newest last. */
export function watchCaptchas(page: Page): string[] {
  const ids: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/wps/captcha' && response.ok()) {
      const id = response.headers()['x-captcha-id'];
      if (id) ids.push(id);
    }
  });
  return ids;
}

/**
 * Fills and submits the open register popup by username, as a person does: mobile number, the
 * SMS code it is sent, password twice, the captcha, the terms. Fields are found by their names,
 * so it works in every language; `texts` are the buttons in the page's language.
 */
export async function fillAndSubmitRegisterForm(
  form: Locator,
  input: {
    smsGatewayUrl: string;
    captchaIds: string[];
    username: string;
    password: string;
    texts: { sendCode: string; submit: string };
  },
): Promise<void> {
  const mobile = randomMobile();
  await form.locator('input[name="username"]').fill(input.username);
  await form.locator('input[name="mobileNum"]').fill(mobile);
  const sentAt = Date.now();
  await form.getByRole('button', { name: input.texts.sendCode }).click();
  await form.locator('input[name="verificationCode"]').fill(await smsCode(input.smsGatewayUrl, mobile, sentAt));
  await form.locator('input[name="password"]').fill(input.password);
  await form.locator('input[name="confirmPassword"]').fill(input.password);
  const deadline = Date.now() + 15_000;
  while (input.captchaIds.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  await form.locator('input[name="captcha"]').fill(await solveCaptcha(input.captchaIds[input.captchaIds.length - 1] ?? ''));
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: input.texts.submit, exact: true }).click();
}
