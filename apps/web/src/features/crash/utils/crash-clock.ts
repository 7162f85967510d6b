import type { CrashRound } from '@kismat/contracts/crash';
import { multiplierAtElapsed } from '@kismat/game-math/crash/growth';

/** How far the server's clock is ahead of this device's, from the state's serverTime and when it arrived. */
export function serverOffsetMs(state: { serverTime: string; receivedAt: number }): number {
  return Date.parse(state.serverTime) - state.receivedAt;
}

export type LocalPhase = 'BETTING' | 'RUNNING' | 'CRASHED';

/** The phase this device shows now: the server's CRASHED is final; before it, the clock decides. */
export function localPhaseAt(round: CrashRound, serverNow: number): LocalPhase {
  if (round.phase === 'CRASHED') return 'CRASHED';
  return serverNow < Date.parse(round.runningAt) ? 'BETTING' : 'RUNNING';
}

/** The multiplier (hundredths) on screen: the curve's, held at the crash point once crashed. */
export function shownMultiplier(round: CrashRound, serverNow: number): number {
  if (round.phase === 'CRASHED' && round.crashPoint) return Math.round(Number(round.crashPoint) * 100);
  return multiplierAtElapsed(serverNow - Date.parse(round.runningAt));
}

/** "2.35×" from hundredths. */
export function multiplierLabel(hundredths: number): string {
  return `${(hundredths / 100).toFixed(2)}×`;
}

/** The colour band of a crash point: the history chips and the curve share it. */
export function pointTone(hundredths: number): 'low' | 'mid' | 'high' | 'moon' {
  if (hundredths < 200) return 'low';
  if (hundredths < 1_000) return 'mid';
  if (hundredths < 10_000) return 'high';
  return 'moon';
}
