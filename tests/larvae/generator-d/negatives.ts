/**
 * Generator D's photos without larvae: a printed page, chalk writing on a blackboard, and
 * an outdoor scene (sky, a tree line, a pond with ripples and a wooden walkway). Empty
 * trays are made by the tray painter with no larvae.
 */
import { type Frame, fractal, type Rgb } from './frame.ts';
import type { Dice } from './rng.ts';

/** Glyph-like marks: 2–4 strokes in a box, words of 2–9 glyphs, lines across the page. */
function writeLines(f: Frame, ink: Rgb, glyphH: number, margin: number, jitter: number, r: Dice): void {
  const lineGap = glyphH * r.between(1.5, 2.1);
  for (let y = margin + glyphH; y < f.h - margin; y += lineGap) {
    let x = margin + r.between(0, glyphH * 2);
    const end = f.w - margin - r.between(0, f.w * 0.25);
    while (x < end) {
      const letters = r.whole(2, 9);
      for (let k = 0; k < letters && x < end; k++) {
        const gw = glyphH * r.between(0.45, 0.75);
        const strokes = r.whole(2, 4);
        for (let s = 0; s < strokes; s++) {
          const p = (u: number, v: number) =>
            [x + u * gw + r.gauss() * jitter, y - v * glyphH + r.gauss() * jitter, glyphH * 0.07] as const;
          f.stroke([p(r(), r()), p(r(), r()), p(r(), r())], ink, () => 0.95);
        }
        x += gw * 1.15;
      }
      x += glyphH * r.between(0.5, 0.9);
    }
  }
}

export function printedPage(f: Frame, r: Dice): void {
  const paper: Rgb = [r.between(235, 248), r.between(232, 246), r.between(220, 236)];
  fill(f, paper, fractal(f.w, f.h, f.w / 4, 2, r), 4);
  const side = Math.max(f.w, f.h);
  writeLines(f, [28, 28, 34], side * r.between(0.011, 0.02), side * 0.06, 0, r);
}

export function blackboard(f: Frame, r: Dice): void {
  fill(f, [r.between(30, 45), r.between(44, 58), r.between(40, 50)], fractal(f.w, f.h, f.w / 5, 3, r), 8);
  const side = Math.max(f.w, f.h);
  writeLines(f, [205, 210, 205], side * r.between(0.015, 0.03), side * 0.08, side * 0.0008, r);
}

export function pondScene(f: Frame, r: Dice): void {
  const { w, h } = f;
  const horizon = h * r.between(0.3, 0.5);
  const trees = fractal(w, h, w / 30, 3, r);
  const ripple = fractal(w, h, w / 80, 2, r);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let rgb: Rgb;
      const treeTop = horizon - h * 0.12 * (1 + (trees[Math.floor(horizon) * w + x] as number));
      if (y < treeTop) rgb = [150 + (y / h) * 60, 185 + (y / h) * 40, 235];
      else if (y < horizon) rgb = [40 + (trees[i] as number) * 30, 80 + (trees[i] as number) * 40, 35];
      else {
        const wave = Math.sin(y * 0.15 + (ripple[i] as number) * 8) * 12;
        rgb = [80 + wave, 105 + wave, 70 + wave * 0.5];
      }
      const j = 3 * i;
      f.px[j] = rgb[0];
      f.px[j + 1] = rgb[1];
      f.px[j + 2] = rgb[2];
    }
  // A wooden walkway into the pond.
  const x0 = w * r.between(0.1, 0.5);
  for (let y = Math.floor(horizon + h * 0.1); y < h; y++) {
    const t = (y - horizon) / (h - horizon);
    for (let x = Math.floor(x0 - t * w * 0.1); x < x0 + w * 0.1 + t * w * 0.15; x++)
      f.mix(x, y, Math.floor(y / (h * 0.03)) % 2 ? [140, 100, 60] : [120, 85, 50], 1);
  }
}

function fill(f: Frame, rgb: Rgb, field: Float32Array, amp: number): void {
  for (let i = 0; i < f.w * f.h; i++) {
    const t = (field[i] as number) * amp;
    f.px[3 * i] = rgb[0] + t;
    f.px[3 * i + 1] = rgb[1] + t;
    f.px[3 * i + 2] = rgb[2] + t;
  }
}
