import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/**
 * zxcvbn's scale: 0 and 1 are guessed in under a million tries (top breached-password lists,
 * keyboard walks, "aaaaaa", "password1"), which credential stuffing and a throttled online
 * attack still reach; 2 and up is what a normal memorable password such as "Demo@2025" gets.
 */
export const MIN_PASSWORD_SCORE = 2;
/** zxcvbn's matching grows with length; merchants cap passwords well below this anyway. */
const MAX_CHECKED_LENGTH = 64;

let estimator: ZxcvbnFactory | null = null;

/** Built on first use (the common-password dictionaries take ~60 ms to index), then shared. */
function passwordEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  return estimator;
}

/**
 * Whether a new password is among the first guesses of an attacker: a common or breached
 * password, a keyboard walk, a repetition or a sequence, or built from the account's own
 * name (userInputs). Checked on top of the merchant's field rule, on every path that sets one.
 */
export function isPasswordTooGuessable(password: string, userInputs: readonly string[] = []): boolean {
  const inputs = userInputs.filter((input) => input.length > 0);
  return passwordEstimator().check(password.slice(0, MAX_CHECKED_LENGTH), inputs).score < MIN_PASSWORD_SCORE;
}
