/**
 * `npm run eval:larvae [-- --quick]`: generates the project's evaluation set of tray photos
 * (tests/larvae/synthetic-tray.ts, seeded, 12 MP, known counts 50–3,000, bright and dark
 * trays, overlap, blur, glare, bubbles, debris, uneven light) in memory, counts each with
 * the engine (src/shared/larvae) and prints the error per image and the summary: mean
 * absolute percentage error, the worst image, and how often the band holds the truth.
 * Targets: MAPE ≤ 3 %, no image worse than 8 %.
 */
import { countLarvae } from '../../src/shared/larvae/count-larvae.ts';
import { loadNodeOpenCv } from '../../tests/larvae/node-opencv.ts';
import { evaluationSet, generateTray } from '../../tests/larvae/synthetic-tray.ts';

const quick = process.argv.includes('--quick');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const { cv } = await loadNodeOpenCv();
const rows: {
  name: string;
  truth: number;
  found: number | string;
  err: number;
  inBand: boolean;
  ms: number;
}[] = [];
for (const opts of evaluationSet(quick)) {
  const name = `${opts.hatchColor}-${opts.count}-s${opts.seed}`;
  if (only && !name.includes(only)) continue;
  const photo = generateTray(opts);
  const t0 = performance.now();
  const res = countLarvae(
    cv,
    { rgba: photo.rgba, width: photo.width, height: photo.height },
    opts.hatchColor,
  );
  const ms = performance.now() - t0;
  if (!res.ok) {
    rows.push({ name, truth: opts.count, found: res.problem, err: 100, inBand: false, ms });
    console.log(`${name.padEnd(22)} truth ${String(opts.count).padStart(5)}  → ${res.problem}`);
    continue;
  }
  const err = (Math.abs(res.count - opts.count) / opts.count) * 100;
  const inBand = res.lower <= opts.count && opts.count <= res.upper;
  rows.push({ name, truth: opts.count, found: res.count, err, inBand, ms });
  console.log(
    `${name.padEnd(22)} truth ${String(opts.count).padStart(5)}  found ${String(res.count).padStart(5)}` +
      `  [${res.lower}–${res.upper}]  error ${err.toFixed(2).padStart(5)} %  ${inBand ? 'in band ' : 'OUTSIDE'}` +
      `  (singles ${res.singles}, in clumps ${res.inClumps})  ${Math.round(ms)} ms`,
  );
}
const mape = rows.reduce((s, r) => s + r.err, 0) / Math.max(1, rows.length);
const worst = rows.reduce((a, r) => (r.err > a.err ? r : a), rows[0]);
const covered = rows.filter((r) => r.inBand).length;
console.log('');
console.log(`images: ${rows.length}${quick ? ' (quick set)' : ''}`);
console.log(`MAPE: ${mape.toFixed(2)} % (target ≤ 3 %)  ${mape <= 3 ? 'MET' : 'NOT MET'}`);
console.log(
  `worst: ${worst?.name} ${worst?.err.toFixed(2)} % (target ≤ 8 %)  ${worst && worst.err <= 8 ? 'MET' : 'NOT MET'}`,
);
console.log(`truth inside the band: ${covered}/${rows.length}`);
console.log(
  `count time: mean ${Math.round(rows.reduce((s, r) => s + r.ms, 0) / Math.max(1, rows.length))} ms a 12 MP photo`,
);
