/**
 * The simulator's water (issue 27 point 5): a pond's DO, pH and temperature over the day,
 * from a seeded PRNG so two runs send the same readings (and a rerun stores nothing twice).
 * DO and pH follow photosynthesis: lowest before dawn (about 05:00 WIB), highest in the
 * afternoon (about 16:00). The crash pond's DO falls to about 2 mg/L over `crashMinutes`
 * from the crash time and stays there: a night-time crash (plankton die-off, no aeration).
 */

const WIB_MS = 7 * 3_600_000;

/** mulberry32: small, fast, good enough for sensor noise. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SimReading {
  parameter: 'do' | 'ph' | 'temperature';
  value: number;
  measured_at: string;
}

export interface PondModel {
  /** Index of the pond among the simulated ones (noise seed, small offsets). */
  index: number;
  /** The instant the DO crash starts, or null for a healthy pond. */
  crashAt: Date | null;
  crashMinutes?: number;
}

const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;

/** The hour of the day in WIB, with fractions. */
const hourWib = (at: Date) => ((((at.getTime() + WIB_MS) / 3_600_000) % 24) + 24) % 24;

/** Readings of one pond at one instant: DO (mg/L), pH, temperature (°C). */
export function readingsAt(pond: PondModel, at: Date, seed: number): SimReading[] {
  const noise = prng(seed * 1_000_003 + pond.index * 7919 + Math.floor(at.getTime() / 60_000));
  const cycle = Math.sin((2 * Math.PI * (hourWib(at) - 10.5)) / 24); // −1 at 04:30, +1 at 16:30
  let dissolved = 5.9 + 1.4 * cycle + (noise() - 0.5) * 0.2 + (pond.index % 3) * 0.1;
  if (pond.crashAt && at >= pond.crashAt) {
    const minutes = (at.getTime() - pond.crashAt.getTime()) / 60_000;
    const share = Math.min(1, minutes / (pond.crashMinutes ?? 15));
    dissolved = dissolved + (2.1 - dissolved) * share;
  }
  const measured_at = at.toISOString();
  return [
    { parameter: 'do', value: round(Math.max(0.2, dissolved)), measured_at },
    { parameter: 'ph', value: round(7.95 + 0.3 * cycle + (noise() - 0.5) * 0.05), measured_at },
    { parameter: 'temperature', value: round(29 + 1.2 * cycle + (noise() - 0.5) * 0.2, 1), measured_at },
  ];
}

/** Every `rateMs` from `from` to `to` (both included when on the grid). */
export function instants(from: Date, to: Date, rateMs: number): Date[] {
  const out: Date[] = [];
  const start = Math.ceil(from.getTime() / rateMs) * rateMs;
  for (let t = start; t <= to.getTime(); t += rateMs) out.push(new Date(t));
  return out;
}

/** `1m`, `30s`, `10s`, `5m` → milliseconds; null when not one. */
export function parseRate(rate: string): number | null {
  const m = /^(\d+)(s|m)$/.exec(rate);
  if (!m) return null;
  const ms = Number(m[1]) * (m[2] === 's' ? 1000 : 60_000);
  return ms >= 1000 && ms <= 3_600_000 ? ms : null;
}
