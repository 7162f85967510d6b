import type { Language } from '@kismat/contracts/languages';
import type { Config } from '../config';
import { AppError } from './errors';
import { messageWithWait } from './messages';

/**
 * Login throttling shared by members and operators (docs/decisions/0008-login-throttling.md).
 * Failures are counted per typed account name, per (account name, source IP) and per IP:
 *
 * - captcha: after LOGIN_CAPTCHA_AFTER failures of the account (from anywhere) or
 *   LOGIN_CAPTCHA_AFTER_PER_IP failures of the IP (any account): stops scripted guessing;
 * - per source: from BACKOFF_AFTER_PER_SOURCE failures of the account from one IP, each further
 *   failure doubles that source's wait (15 s, 30 s ... up to 15 minutes). The real owner on another
 *   network is not affected: an attacker who knows a username cannot lock its owner out;
 * - per account: an attacker spreading guesses over many IPs still solves a captcha per guess
 *   and, from BACKOFF_AFTER_PER_ACCOUNT failures, meets a slower account-wide wait capped at a
 *   minute (short enough that the owner is only slowed, never shut out);
 * - per IP: one address spraying many accounts waits up to 5 minutes after the captcha threshold.
 *
 * Nothing here locks an account outright. A success clears the account's counters and this
 * source's, never the IP's (one good account must not launder a spraying address).
 */
export type FailureScope = 'ACCOUNT' | 'ACCOUNT_IP' | 'IP';

export interface FailureState {
  failures: number;
  blockedUntil: Date | null;
}

export const NO_FAILURES: FailureState = { failures: 0, blockedUntil: null };

/** Failures of one account from one IP before that source has to wait. */
export const BACKOFF_AFTER_PER_SOURCE = 5;
const SOURCE_BASE_SECONDS = 15;
export const SOURCE_MAX_SECONDS = 15 * 60;
/** Failures of one account from all sources before everyone has to wait (a distributed attack). */
export const BACKOFF_AFTER_PER_ACCOUNT = 20;
export const ACCOUNT_MAX_SECONDS = 60;
const IP_MAX_SECONDS = 5 * 60;

export interface ThrottleSettings {
  captchaAfterPerAccount: number;
  captchaAfterPerIp: number;
  windowMinutes: number;
}

export function throttleSettingsOf(
  config: Pick<Config, 'LOGIN_CAPTCHA_AFTER' | 'LOGIN_CAPTCHA_AFTER_PER_IP' | 'LOGIN_FAILURE_WINDOW_MINUTES'>,
): ThrottleSettings {
  return {
    captchaAfterPerAccount: config.LOGIN_CAPTCHA_AFTER,
    captchaAfterPerIp: config.LOGIN_CAPTCHA_AFTER_PER_IP,
    windowMinutes: config.LOGIN_FAILURE_WINDOW_MINUTES,
  };
}

/** How long the next attempt of a key must wait after its `failures`-th failure (0: no wait). */
export function blockSecondsAfter(scope: FailureScope, failures: number, settings: ThrottleSettings): number {
  if (scope === 'ACCOUNT_IP') {
    if (failures < BACKOFF_AFTER_PER_SOURCE) return 0;
    return Math.min(SOURCE_BASE_SECONDS * 2 ** (failures - BACKOFF_AFTER_PER_SOURCE), SOURCE_MAX_SECONDS);
  }
  if (scope === 'ACCOUNT') {
    if (failures < BACKOFF_AFTER_PER_ACCOUNT) return 0;
    return Math.min(2 ** (failures - BACKOFF_AFTER_PER_ACCOUNT), ACCOUNT_MAX_SECONDS);
  }
  if (failures <= settings.captchaAfterPerIp) return 0;
  return Math.min(2 ** (failures - settings.captchaAfterPerIp - 1), IP_MAX_SECONDS);
}

/** Where the counters live: members' per merchant, operators' in their own table. */
export interface FailureStore {
  read(scope: FailureScope, key: string, windowStart: Date): Promise<FailureState>;
  /** Counts one failure (restarting a count older than the window) and stores the wait it earns. */
  record(
    scope: FailureScope,
    key: string,
    input: { now: Date; windowStart: Date; blockSeconds: (failures: number) => number },
  ): Promise<FailureState>;
  clear(scope: FailureScope, key: string): Promise<void>;
}

export interface LoginSource {
  /** The typed account name, normalised (existing or not, so counters reveal nothing). */
  account: string;
  ip: string;
}

function keysOf(source: LoginSource): Record<FailureScope, string> {
  return { ACCOUNT: source.account, ACCOUNT_IP: `${source.account}|${source.ip}`, IP: source.ip };
}

const SCOPES: readonly FailureScope[] = ['ACCOUNT', 'ACCOUNT_IP', 'IP'];

function windowStartOf(now: Date, settings: ThrottleSettings): Date {
  return new Date(now.getTime() - settings.windowMinutes * 60_000);
}

function needsCaptcha(states: Record<FailureScope, FailureState>, settings: ThrottleSettings): boolean {
  return states.ACCOUNT.failures >= settings.captchaAfterPerAccount || states.IP.failures >= settings.captchaAfterPerIp;
}

/** LOGIN_THROTTLED with the time left in the user's language. */
export function throttledError(blockedUntil: Date, now: Date, language: Language, captcha: boolean): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000));
  return new AppError('LOGIN_THROTTLED', {
    value: { captcha, retryAfterSeconds },
    message: messageWithWait('LOGIN_THROTTLED', language, retryAfterSeconds),
  });
}

/**
 * Before the password is checked: refuses (LOGIN_THROTTLED) while any of the source's keys
 * waits, and tells whether this attempt needs the captcha.
 */
export async function checkLoginThrottle(
  store: FailureStore,
  source: LoginSource,
  input: { now: Date; settings: ThrottleSettings; language: Language },
): Promise<{ needsCaptcha: boolean }> {
  const keys = keysOf(source);
  const windowStart = windowStartOf(input.now, input.settings);
  const [account, accountIp, ip] = await Promise.all(SCOPES.map((scope) => store.read(scope, keys[scope], windowStart)));
  const states = { ACCOUNT: account ?? NO_FAILURES, ACCOUNT_IP: accountIp ?? NO_FAILURES, IP: ip ?? NO_FAILURES };
  const captcha = needsCaptcha(states, input.settings);
  const blockedUntil = Math.max(...SCOPES.map((scope) => states[scope].blockedUntil?.getTime() ?? 0));
  if (blockedUntil > input.now.getTime()) throw throttledError(new Date(blockedUntil), input.now, input.language, captcha);
  return { needsCaptcha: captcha };
}

/** After a wrong password (or unknown name): counts it on every key; answers whether the next try needs the captcha. */
export async function recordLoginFailure(
  store: FailureStore,
  source: LoginSource,
  input: { now: Date; settings: ThrottleSettings },
): Promise<{ captcha: boolean; blockedUntil: Date | null }> {
  const keys = keysOf(source);
  const windowStart = windowStartOf(input.now, input.settings);
  const [account, accountIp, ip] = await Promise.all(
    SCOPES.map((scope) =>
      store.record(scope, keys[scope], {
        now: input.now,
        windowStart,
        blockSeconds: (failures) => blockSecondsAfter(scope, failures, input.settings),
      }),
    ),
  );
  const states = { ACCOUNT: account ?? NO_FAILURES, ACCOUNT_IP: accountIp ?? NO_FAILURES, IP: ip ?? NO_FAILURES };
  const blockedUntil = Math.max(...SCOPES.map((scope) => states[scope].blockedUntil?.getTime() ?? 0));
  return { captcha: needsCaptcha(states, input.settings), blockedUntil: blockedUntil > 0 ? new Date(blockedUntil) : null };
}

/** After a right password: the account's counter and this source's go; the IP's stays. */
export async function clearLoginFailures(store: FailureStore, source: LoginSource): Promise<void> {
  const keys = keysOf(source);
  await Promise.all([store.clear('ACCOUNT', keys.ACCOUNT), store.clear('ACCOUNT_IP', keys.ACCOUNT_IP)]);
}
