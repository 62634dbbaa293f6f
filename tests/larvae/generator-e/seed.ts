/** Generator E's random numbers: sfc32 seeded through splitmix32 (its own, shared with no other generator). */
export interface Rand {
  (): number;
  range(lo: number, hi: number): number;
  int(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
  yes(p: number): boolean;
  /** Roughly normal (sum of three uniforms), mean 0, sd 1. */
  gauss(): number;
}

export function makeRand(seed: number): Rand {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = 1;
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const r = next as Rand;
  r.range = (lo, hi) => lo + (hi - lo) * next();
  r.int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  r.pick = (items) => items[Math.floor(next() * items.length)] as (typeof items)[number];
  r.yes = (p) => next() < p;
  r.gauss = () => (next() + next() + next() - 1.5) * 2;
  return r;
}
