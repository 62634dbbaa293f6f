/**
 * Generator D's random numbers: sfc32 seeded through splitmix32, so a seed gives the same
 * photo byte for byte on every machine (no Math.random).
 */
export interface Dice {
  (): number;
  between(lo: number, hi: number): number;
  whole(lo: number, hi: number): number;
  gauss(): number;
  chance(p: number): boolean;
  oneOf<T>(items: readonly T[]): T;
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function dice(seed: number): Dice {
  const init = splitmix32(seed);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let k = 0; k < 12; k++) next();
  const r = next as Dice;
  r.between = (lo, hi) => lo + (hi - lo) * next();
  r.whole = (lo, hi) => Math.floor(lo + (hi - lo + 1) * next());
  r.gauss = () => {
    const u = Math.max(next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
  };
  r.chance = (p) => next() < p;
  r.oneOf = (items) => items[Math.floor(next() * items.length)] as (typeof items)[number];
  return r;
}
