import { type ToneSequence, useTones } from '@/lib/use-tones';

const STORAGE_KEY = 'kismat.originals.sound';
export type Cue = 'tick' | 'win' | 'lose' | 'gem' | 'boom';

// Short synthesized beeps: frequency (Hz), length (s), wave. No audio files to download.
const CUES: Record<Cue, ToneSequence> = {
  tick: [[660, 0.05, 'square']],
  gem: [
    [880, 0.07, 'sine'],
    [1320, 0.09, 'sine'],
  ],
  win: [
    [660, 0.09, 'triangle'],
    [880, 0.09, 'triangle'],
    [1320, 0.16, 'triangle'],
  ],
  lose: [
    [330, 0.12, 'sawtooth'],
    [220, 0.18, 'sawtooth'],
  ],
  boom: [[90, 0.35, 'sawtooth']],
};

/** This game's sound cues (lib/use-tones: off by default, remembered on this device). */
export function useSound() {
  return useTones<Cue>(STORAGE_KEY, CUES);
}
