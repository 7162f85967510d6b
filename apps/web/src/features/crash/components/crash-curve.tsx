import type { CrashRound } from '@kismat/contracts/crash';
import { CRASH_GROWTH_PER_MS } from '@kismat/game-math/crash/growth';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localPhaseAt, multiplierLabel, shownMultiplier } from '../utils/crash-clock';
import styles from './crash.module.css';

const BETTING_SPAN_MS = 7_000;
const MIN_SPAN_MS = 8_000;

interface CrashCurveProps {
  round: CrashRound;
  offsetMs: number;
  /** Called every frame with the multiplier on screen (hundredths): the cash-out button's live payout. */
  onFrame?: (multiplier: number) => void;
  /** Where the member cashed out, drawn on the curve (hundredths). */
  cashOutAt?: number | null;
  frameRef?: RefObject<((multiplier: number) => void) | null>;
}

function readColour(element: Element, name: string, fallback: string): string {
  const value = getComputedStyle(element).getPropertyValue(name).trim();
  return value || fallback;
}

/**
 * The rising curve: a canvas redrawn by requestAnimationFrame (60 fps on a phone: one path and
 * one fill a frame, no React render), the big multiplier and the countdown written straight
 * into their elements, the countdown bar moved by transform only. The time is the server's
 * (the state's offset), so every player sees the same multiplier at the same moment.
 */
export function CrashCurve({ round, offsetMs, cashOutAt = null, frameRef }: CrashCurveProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const valueRef = useRef<HTMLSpanElement | null>(null);
  const countdownRef = useRef<HTMLSpanElement | null>(null);
  const barRef = useRef<HTMLSpanElement | null>(null);
  const roundRef = useRef(round);
  roundRef.current = round;
  const offsetRef = useRef(offsetMs);
  offsetRef.current = offsetMs;
  const cashOutRef = useRef(cashOutAt);
  cashOutRef.current = cashOutAt;
  const labels = useRef({ startsIn: '' });
  labels.current = { startsIn: t('crash.startsIn') };

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const context = canvas.getContext('2d');
    let frame = 0;
    let width = 0;
    let height = 0;
    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      width = canvas.clientWidth;
      height = canvas.clientHeight;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      context?.setTransform(ratio, 0, 0, ratio, 0, 0);
    };
    resize();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(canvas);
    const gold = readColour(canvas, '--color-gold', '#f5b83d');
    const danger = readColour(canvas, '--color-danger', '#ef4444');
    const grid = 'rgba(255,255,255,0.07)';

    const draw = () => {
      frame = requestAnimationFrame(draw);
      const current = roundRef.current;
      const now = Date.now() + offsetRef.current;
      const phase = localPhaseAt(current, now);
      const runningAt = Date.parse(current.runningAt);
      const multiplier = phase === 'BETTING' ? 100 : shownMultiplier(current, now);
      frameRef?.current?.(multiplier);
      if (valueRef.current) {
        valueRef.current.textContent = multiplierLabel(multiplier);
        valueRef.current.dataset.phase = phase;
      }
      if (countdownRef.current) {
        const left = Math.max(0, runningAt - now);
        countdownRef.current.textContent = phase === 'BETTING' ? `${labels.current.startsIn} ${(left / 1000).toFixed(1)}s` : '';
      }
      if (barRef.current) {
        const share = phase === 'BETTING' ? Math.min(1, Math.max(0, (runningAt - now) / BETTING_SPAN_MS)) : 0;
        barRef.current.style.transform = `scaleX(${share})`;
      }
      if (!context || width === 0) return;
      context.clearRect(0, 0, width, height);
      // The grid: four horizontal lines.
      context.strokeStyle = grid;
      context.lineWidth = 1;
      for (let line = 1; line <= 4; line += 1) {
        const y = Math.round((height * line) / 5) + 0.5;
        context.beginPath();
        context.moveTo(0, y);
        context.lineTo(width, y);
        context.stroke();
      }
      if (phase === 'BETTING') return;
      const elapsed = Math.max(0, Math.log(multiplier / 100) / CRASH_GROWTH_PER_MS);
      const span = Math.max(MIN_SPAN_MS, elapsed * 1.15);
      const top = Math.max(2, (multiplier / 100) * 1.15);
      const x = (ms: number) => 8 + ((width - 16) * ms) / span;
      const y = (value: number) => height - 8 - ((height - 16) * (value - 1)) / (top - 1);
      const steps = 48;
      context.beginPath();
      context.moveTo(x(0), y(1));
      for (let step = 1; step <= steps; step += 1) {
        const ms = (elapsed * step) / steps;
        context.lineTo(x(ms), y(Math.exp(CRASH_GROWTH_PER_MS * ms)));
      }
      const colour = phase === 'CRASHED' ? danger : gold;
      context.lineWidth = 4;
      context.lineCap = 'round';
      context.strokeStyle = colour;
      context.stroke();
      context.lineTo(x(elapsed), height);
      context.lineTo(x(0), height);
      context.closePath();
      const fill = context.createLinearGradient(0, 0, 0, height);
      fill.addColorStop(0, phase === 'CRASHED' ? 'rgba(239,68,68,0.28)' : 'rgba(245,184,61,0.30)');
      fill.addColorStop(1, 'rgba(0,0,0,0)');
      context.fillStyle = fill;
      context.fill();
      // The head of the curve, and the member's cash-out point on it.
      context.fillStyle = colour;
      context.beginPath();
      context.arc(x(elapsed), y(multiplier / 100), 6, 0, Math.PI * 2);
      context.fill();
      const cashed = cashOutRef.current;
      if (cashed !== null && cashed <= multiplier) {
        const at = Math.log(cashed / 100) / CRASH_GROWTH_PER_MS;
        context.fillStyle = '#22c55e';
        context.beginPath();
        context.arc(x(at), y(cashed / 100), 7, 0, Math.PI * 2);
        context.fill();
      }
    };
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
    };
  }, [frameRef]);

  return (
    <div className={styles.stage} data-testid="crash-stage">
      <div className={styles.canvas} aria-hidden="true">
        <canvas ref={canvasRef} className={styles.canvas} />
      </div>
      <div className={styles.readout} aria-live="off">
        <span ref={valueRef} className={styles.multiplier} data-testid="crash-multiplier">
          1.00×
        </span>
        <span ref={countdownRef} className={styles.countdown} data-testid="crash-countdown" />
        {round.phase === 'CRASHED' && round.crashPoint ? (
          <span key={round.roundId} className={styles.crashedBadge} data-testid="crash-point">
            {t('crash.crashedAt')}
          </span>
        ) : null}
      </div>
      <span className={styles.countdownTrack} aria-hidden="true">
        <span ref={barRef} className={styles.countdownBar} />
      </span>
    </div>
  );
}
