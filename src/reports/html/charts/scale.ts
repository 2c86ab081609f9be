import { centsOf } from '../../../money/index.js';

/**
 * Pixel geometry for the report's charts. Amounts become numbers here only to place marks on the
 * page: every amount a reader sees is printed from its exact money string, never from these.
 */
export interface Scale {
  (value: number): number;
  ticks: number[];
}

/** An amount as a number to place its mark: never printed (the exact string is); 0 if unreadable. */
export function amountPosition(money: string): number {
  try {
    return Number(centsOf(money)) / 100;
  } catch {
    return 0;
  }
}

/** "Nice" tick values (1, 2 or 5 times a power of ten) from `low` to `high`, zero included. */
export function niceTicks(low: number, high: number, wanted = 5): number[] {
  const min = Math.min(0, low);
  const max = Math.max(0, high);
  if (max === min) return [0, 1];
  const rough = (max - min) / wanted;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const first = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let tick = first; tick < max + step; tick += step) {
    ticks.push(Math.round(tick / power) * power);
    if (tick >= max) break;
  }
  return ticks;
}

/** Maps [first tick, last tick] onto [from, to] (pixels). */
export function linearScale(low: number, high: number, from: number, to: number): Scale {
  const ticks = niceTicks(low, high);
  const a = ticks[0] ?? 0;
  const b = ticks[ticks.length - 1] ?? 1;
  const scale = ((value: number) => from + ((value - a) / (b - a || 1)) * (to - from)) as Scale;
  scale.ticks = ticks;
  return scale;
}

/** An axis label: "1.2k", "40k", "3M"; plain below a thousand. */
export function shortNumber(value: number): string {
  const size = Math.abs(value);
  const trim = (n: number) => String(Number(n.toFixed(1)));
  if (size >= 1_000_000) return `${trim(value / 1_000_000)}M`;
  if (size >= 1_000) return `${trim(value / 1_000)}k`;
  return trim(value);
}

/** Rounds a pixel position so the markup stays short and stable. */
export function px(value: number): string {
  return String(Math.round(value * 10) / 10);
}
