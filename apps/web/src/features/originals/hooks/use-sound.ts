import { useCallback, useEffect, useRef, useState } from 'react';

const STORAGE_KEY = 'kismat.originals.sound';
export type Cue = 'tick' | 'win' | 'lose' | 'gem' | 'boom';

// Short synthesized beeps: frequency (Hz), length (s), wave. No audio files to download.
const CUES: Record<Cue, readonly [number, number, OscillatorType][]> = {
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

function readStored(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

/**
 * The originals' sound: off by default (a phone on a bus stays quiet), the choice remembered on
 * this device. The audio context is created on the first play after the player turned sound on
 * (browsers allow audio only after a gesture).
 */
export function useSound() {
  const [isOn, setIsOn] = useState(false);
  const context = useRef<AudioContext | null>(null);
  useEffect(() => setIsOn(readStored()), []);
  useEffect(() => () => void context.current?.close().catch(() => undefined), []);

  const toggle = useCallback(() => {
    setIsOn((current) => {
      const next = !current;
      try {
        window.localStorage.setItem(STORAGE_KEY, next ? 'on' : 'off');
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      return next;
    });
  }, []);

  const play = useCallback(
    (cue: Cue) => {
      if (!isOn || typeof window.AudioContext === 'undefined') return;
      context.current ??= new window.AudioContext();
      const audio = context.current;
      let at = audio.currentTime;
      for (const [frequency, length, wave] of CUES[cue]) {
        const oscillator = audio.createOscillator();
        const gain = audio.createGain();
        oscillator.type = wave;
        oscillator.frequency.value = frequency;
        gain.gain.setValueAtTime(0.08, at);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
        oscillator.connect(gain).connect(audio.destination);
        oscillator.start(at);
        oscillator.stop(at + length);
        at += length * 0.9;
      }
    },
    [isOn],
  );
  return { isOn, toggle, play };
}
