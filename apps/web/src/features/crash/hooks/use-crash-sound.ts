import { type ToneSequence, useTones } from '@/lib/use-tones';

const STORAGE_KEY = 'kismat.crash.sound';
export type CrashCue = 'bet' | 'launch' | 'cashOut' | 'crash';

// Short synthesized tones: frequency (Hz), length (s), wave. No audio files to download.
const CUES: Record<CrashCue, ToneSequence> = {
  bet: [[660, 0.06, 'square']],
  launch: [
    [440, 0.08, 'triangle'],
    [660, 0.1, 'triangle'],
  ],
  cashOut: [
    [784, 0.08, 'triangle'],
    [1047, 0.08, 'triangle'],
    [1568, 0.16, 'triangle'],
  ],
  crash: [
    [140, 0.12, 'sawtooth'],
    [80, 0.3, 'sawtooth'],
  ],
};

/** This game's sound cues (lib/use-tones: off by default, remembered on this device). */
export function useCrashSound() {
  return useTones<CrashCue>(STORAGE_KEY, CUES);
}
