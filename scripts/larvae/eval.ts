/**
 * `npm run eval:larvae [-- options]`: counts two sets of generated tray photos with the
 * engine (src/shared/larvae) and prints each per photo, in summary and per condition:
 *
 * - A, the TUNED set: tests/larvae/synthetic-tray.ts (the generator the engine is tuned
 *   on), 20 photos at 12 MP, 50–3,000 larvae.
 * - B, the HELD-OUT set: tests/larvae/generator-b (written independently), 24 tray photos
 *   at 12 MP plus 5 without larvae (a page of text, empty trays, an outdoor scene), which
 *   must get no number. Tune on A; look at B only through its summary.
 *
 * Targets (both sets): MAPE ≤ 3 %, no photo worse than 8 %, ≥ 95 % counted, band holds
 * the truth on ≥ 90 %. Options while iterating (the CPU is shared): `--quick` (4 counts of
 * A), `--scale=0.5` (both sets at a fraction of 12 MP's width), `--limit=8` (B trays),
 * `--set=A` or `--set=B`, `--only=<name part>`.
 */
import { countLarvae } from '../../src/shared/larvae/count-larvae.ts';
import { generatePhotoB, heldOutSet } from '../../tests/larvae/generator-b/index.ts';
import { loadNodeOpenCv } from '../../tests/larvae/node-opencv.ts';
import { evaluationSet, generateTray } from '../../tests/larvae/synthetic-tray.ts';
import { conditionTables, density, type EvalRow, rowLine, summaryLines } from './eval-report.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const quick = process.argv.includes('--quick');
const scale = Number(arg('scale') ?? 1);
const limit = arg('limit') ? Number(arg('limit')) : undefined;
const sets = arg('set') ?? 'AB';
const only = arg('only');
const { cv } = await loadNodeOpenCv();

function measure(image: Parameters<typeof countLarvae>[1], hatch: 'bright' | 'dark') {
  const t0 = performance.now();
  const result = countLarvae(cv, image, hatch);
  return { result, ms: performance.now() - t0 };
}

const rowsA: EvalRow[] = [];
if (sets.includes('A')) {
  console.log('Set A (tuned: tests/larvae/synthetic-tray.ts)');
  for (const opts of evaluationSet(quick)) {
    const name = `A-${opts.hatchColor}-${opts.count}-s${opts.seed}`;
    if (only && !name.includes(only)) continue;
    const photo = generateTray({
      ...opts,
      width: Math.round(4000 * scale),
      height: Math.round(3000 * scale),
    });
    const row: EvalRow = {
      name,
      truth: opts.count,
      conditions: {
        tray: opts.hatchColor,
        density: density(opts.count),
        glare: (opts.glare ?? 0) > 0 ? 'yes' : 'no',
        blur: (opts.blur ?? 0) < 0.3 ? 'none/slight' : 'soft',
      },
      ...measure(photo, opts.hatchColor),
    };
    rowsA.push(row);
    console.log(rowLine(row));
  }
}

const rowsB: EvalRow[] = [];
if (sets.includes('B')) {
  console.log('\nSet B (held out: tests/larvae/generator-b)');
  for (const spec of heldOutSet(scale, limit)) {
    if (only && !spec.name.includes(only)) continue;
    const photo = await generatePhotoB(spec);
    const row: EvalRow = {
      name: spec.name,
      truth: spec.count,
      conditions: {
        tray: spec.hatchColor,
        density: density(spec.count),
        glare: spec.glare > 0 ? 'yes' : 'no',
        blur: spec.blur,
        light: spec.unevenLight ? 'uneven' : 'even',
      },
      ...measure(photo, spec.hatchColor),
    };
    rowsB.push(row);
    console.log(rowLine(row));
  }
}

console.log(
  `\nscale ${scale} (1 = 12 MP)${quick ? ', quick A set' : ''}${limit ? `, B limited to ${limit} trays` : ''}`,
);
for (const [title, rows] of [
  ['A — tuned set (synthetic-tray.ts)', rowsA],
  ['B — held-out set (generator-b)', rowsB],
] as const) {
  if (!rows.length) continue;
  console.log('');
  for (const line of [...summaryLines(title, rows), ...conditionTables(rows)]) console.log(line);
  const ms = rows.reduce((s, r) => s + r.ms, 0) / rows.length;
  console.log(`  count time: mean ${Math.round(ms)} ms a photo`);
}
