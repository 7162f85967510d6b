import { useCallback, useEffect, useRef, useState } from 'react';

/** A cue: short synthesized tones played one after another: frequency (Hz), length (s), wave. */
export type ToneSequence = readonly (readonly [number, number, OscillatorType])[];

function readStored(storageKey: string): boolean {
  try {
    return window.localStorage.getItem(storageKey) === 'on';
  } catch {
    return false;
  }
}

/**
 * A game's sound: off by default (a phone on a bus stays quiet), the choice remembered on this
 * device under `storageKey`. No audio files to download: each cue is synthesized. The audio
 * context is created on the first play after the player turned sound on (browsers allow audio
 * only after a gesture).
 */
export function useTones<Cue extends string>(storageKey: string, cues: Readonly<Record<Cue, ToneSequence>>) {
  const [isOn, setIsOn] = useState(false);
  const context = useRef<AudioContext | null>(null);
  useEffect(() => setIsOn(readStored(storageKey)), [storageKey]);
  useEffect(() => () => void context.current?.close().catch(() => undefined), []);

  const toggle = useCallback(() => {
    setIsOn((current) => {
      const next = !current;
      try {
        window.localStorage.setItem(storageKey, next ? 'on' : 'off');
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      return next;
    });
  }, [storageKey]);

  const play = useCallback(
    (cue: Cue) => {
      if (!isOn || typeof window.AudioContext === 'undefined') return;
      context.current ??= new window.AudioContext();
      const audio = context.current;
      let at = audio.currentTime;
      for (const [frequency, length, wave] of cues[cue]) {
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
    [isOn, cues],
  );
  return { isOn, toggle, play };
}
