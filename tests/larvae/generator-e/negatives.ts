/** Generator E's photos without larvae: a page of text, and a garden scene. */
import { lattice, Mask, type Picture } from './canvas.ts';
import type { Rand } from './seed.ts';
import { paintText } from './setting.ts';

export function paintPage(pic: Picture, r: Rand): void {
  const { w, h } = pic;
  const paper = lattice(w, h, w / 8, r);
  for (let i = 0; i < w * h; i++) {
    const v = 0.9 + paper[i] * 0.03;
    pic.r[i] = v;
    pic.g[i] = v;
    pic.b[i] = v * 0.97;
  }
  const size = Math.max(w, h) * r.range(0.012, 0.022);
  const rows = Math.floor((h * 0.8) / (size * 1.5));
  paintText(pic, r, {
    x: w * 0.08,
    y: h * 0.08,
    cols: Math.floor((w * 0.8) / (size * 0.68)),
    rows,
    size,
    paper: false,
  });
}

export function paintScene(pic: Picture, r: Rand): void {
  const { w, h } = pic;
  const horizon = h * r.range(0.3, 0.55);
  const grass = lattice(w, h, Math.max(3, w / 300), r);
  const clouds = lattice(w, h, w / 5, r);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (y < horizon) {
        const t = y / horizon;
        const c = Math.max(0, clouds[i]) * 0.4;
        pic.r[i] = 0.45 + 0.3 * t + c;
        pic.g[i] = 0.6 + 0.25 * t + c;
        pic.b[i] = 0.9 + 0.05 * t + c * 0.5;
      } else {
        const g = 0.5 + grass[i] * 0.25;
        pic.r[i] = 0.18 * g;
        pic.g[i] = 0.42 * g;
        pic.b[i] = 0.12 * g;
      }
    }
  }
  // Trees: dark round crowns on the horizon; a pond's edge.
  for (let k = r.int(3, 8); k > 0; k--) {
    const x = r() * w;
    const rad = h * r.range(0.05, 0.14);
    const m = Mask.around(pic, x, horizon, rad * 1.2);
    m.ellipse(x, horizon - rad * 0.6, rad, rad * 1.1, 0, 1, 3);
    m.lay(pic, [0.08, 0.2, 0.07], 0.95);
  }
  const pond = Mask.around(pic, w * 0.5, h * 0.85, w * 0.5);
  pond.ellipse(w * r.range(0.3, 0.7), h * 0.88, w * 0.35, h * 0.1, 0, 1, 4);
  pond.lay(pic, [0.3, 0.38, 0.36], 0.9);
}
