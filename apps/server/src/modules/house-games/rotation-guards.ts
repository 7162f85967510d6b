import type { Tx } from '../../platform/db';

/**
 * Checks a seed rotation runs before it reveals the ACTIVE server seed, inside its transaction
 * with the seed pair locked. Modules above house games register one at start-up (the originals:
 * an open mines round's mines come from the ACTIVE seed, so revealing it would show the player
 * where they are); a guard throws an AppError to refuse the rotation.
 */
export type RotationGuard = (tx: Tx, input: { memberId: number; family: string }) => Promise<void>;

const guards: RotationGuard[] = [];

export function registerRotationGuard(guard: RotationGuard): void {
  if (!guards.includes(guard)) guards.push(guard);
}

export async function runRotationGuards(tx: Tx, input: { memberId: number; family: string }): Promise<void> {
  for (const guard of guards) await guard(tx, input);
}
