import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './i18n.ts';

/**
 * ADR 0011: a namespace the shell does not register is added by a register file when its
 * chunk loads. A module that translates with such a namespace must import that file itself,
 * or its strings could render as raw keys when it is the first of its feature to load.
 */
const SRC = resolve('src');
const ALIASES: [string, string][] = [
  ['#components/', 'components/'],
  ['#features/', 'features/'],
  ['#app/', 'app/'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

function importedFiles(file: string, text: string): string[] {
  return [...text.matchAll(/^import (?:[^'"]* from )?'([^']+)';/gm)].flatMap(([, spec]) => {
    if (spec.startsWith('.')) return [resolve(dirname(file), spec)];
    const alias = ALIASES.find(([prefix]) => spec.startsWith(prefix));
    return alias ? [join(SRC, alias[1], spec.slice(alias[0].length))] : [];
  });
}

/** The namespaces a module translates with. */
function namespacesUsed(text: string): Set<string> {
  const found = new Set<string>();
  for (const [, list] of text.matchAll(/useTranslation\(\s*\[?([^)\]]*)/g))
    for (const [, ns] of list.matchAll(/'(\w+)'/g)) found.add(ns);
  for (const [, ns] of text.matchAll(/\bns: '(\w+)'/g)) found.add(ns);
  for (const [, ns] of text.matchAll(/\bt\(\s*['`](\w+):/g)) found.add(ns);
  return found;
}

const files = sourceFiles(SRC);
const registers = new Map<string, string[]>(); // file -> namespaces it registers
for (const file of files) {
  const names = [...readFileSync(file, 'utf8').matchAll(/registerNamespace\('(\w+)'/g)].map((m) => m[1]);
  if (names.length) registers.set(file.replace(/\.tsx?$/, ''), names);
}

describe('lazy locale namespaces', () => {
  it('each namespace is registered by the shell or by exactly one register file', () => {
    const lazy = [...registers.values()].flat();
    expect(new Set(lazy).size).toBe(lazy.length);
    for (const ns of lazy) expect(NAMESPACES as readonly string[]).not.toContain(ns);
    expect(lazy.length).toBeGreaterThan(10);
  });

  it('every module that translates with a lazy namespace imports its register file', () => {
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const registered = new Set(
        importedFiles(file, text).flatMap((f) => registers.get(f.replace(/\.tsx?$/, '')) ?? []),
      );
      for (const ns of namespacesUsed(text)) {
        if ((NAMESPACES as readonly string[]).includes(ns)) continue;
        if (!registered.has(ns)) missing.push(`${relative(SRC, file)}: ${ns}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
