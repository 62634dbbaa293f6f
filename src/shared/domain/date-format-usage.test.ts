import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Dates and times a person reads go through date-format.ts only (issue 12 point 10: chat
 * showed "6:31 AM" in Indonesian because it formatted on its own). Outside that module the
 * browser's and luxon's own date formatting is refused; luxon's toFormat stays allowed only
 * for machine values (an input's 'HH:mm' or 'yyyy-MM-dd').
 */
const ROOT = join(import.meta.dirname, '..', '..', '..');
const MODULE = 'src/shared/domain/date-format.ts';
const FORBIDDEN: [RegExp, string][] = [
  [/\.toLocale(Time|Date)String\(/, 'toLocaleTimeString/toLocaleDateString'],
  [/Intl\.DateTimeFormat/, 'Intl.DateTimeFormat'],
  [/\bhour12\b/, 'hour12'],
  [/DateTime\.(DATE|TIME|DATETIME)_\w+/, 'a luxon format preset'],
  [/\.toLocaleString\(\s*DateTime\./, 'DateTime#toLocaleString'],
  [/\.toFormat\(\s*(?!'HH:mm'\s*\)|'yyyy-MM-dd'\s*\))/, 'toFormat with a display pattern'],
];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

function dateFormattingOutsideModule(files: { path: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    if (path === MODULE) continue;
    for (const [line, content] of text.split('\n').entries()) {
      for (const [pattern, what] of FORBIDDEN) {
        if (pattern.test(content)) found.push(`${path}:${line + 1} ${what}`);
      }
    }
  }
  return found;
}

describe('one date formatting module', () => {
  it('no client, server or worker source formats dates or times on its own', () => {
    const files = [...sources('src'), ...sources('sw')].map((path) => ({
      path,
      text: readFileSync(join(ROOT, path), 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(dateFormattingOutsideModule(files)).toEqual([]);
  });

  it('catches the forms that printed "6:31 AM"', () => {
    const bad = [
      "at.toFormat('d LLLL yyyy, h:mm a')",
      'new Date().toLocaleTimeString()',
      "new Intl.DateTimeFormat('id-ID', { hour12: true })",
      'dt.toLocaleString(DateTime.TIME_SIMPLE)',
    ].map((text, i) => ({ path: `src/x${i}.ts`, text }));
    const flagged = new Set(dateFormattingOutsideModule(bad).map((hit) => hit.split(':')[0]));
    expect([...flagged]).toEqual(bad.map((file) => file.path));
    expect(dateFormattingOutsideModule([{ path: 'src/y.ts', text: "now.toFormat('HH:mm')" }])).toEqual([]);
  });
});
