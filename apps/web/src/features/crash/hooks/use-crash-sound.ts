import { useCallback, useEffect, useRef, useState } from 'react';

const STORAGE_KEY = 'kismat.crash.sound';
export type CrashCue = 'bet' | 'launch' | 'cashOut' | 'crash';

// Short synthesized tones: frequency (Hz), length (s), wave. No audio files to download.
const CUES: Record<CrashCue, readonly [number, number, OscillatorType][]> = {
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

function readStored(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

/**
 * Crash's sound: off by default (a phone on a bus stays quiet), the choice kept on this device;
 * the audio context starts on the first cue after the player turned sound on (browsers allow
 * audio only after a gesture).
 */
export function useCrashSound() {
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
    (cue: CrashCue) => {
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
