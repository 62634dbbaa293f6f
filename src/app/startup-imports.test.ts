import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the app runs at start-up: the shell (main.tsx), the sync runtime it loads at once
 * when signed in, and the shared layers every first screen loads (the `ui-kit` and `data`
 * chunks: src/components, src/shared/domain and i18n, src/local). Their static value
 * imports (not `import type`, not `import()`) must not reach the API schemas' TypeBox: it
 * is only needed by screens that validate with it, and building its schemas costs a slow
 * phone's download and main thread at every start.
 */
const SHARED_DIRS = ['src/components', 'src/shared/domain', 'src/shared/i18n', 'src/local'];
const ROOTS = [
  'src/app/main.tsx',
  'src/app/sync-runtime.ts',
  ...SHARED_DIRS.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => join(dir, f)),
  ),
];
const IMPORTS: Record<string, string> = JSON.parse(readFileSync('package.json', 'utf8')).imports;

function resolveFile(path: string): string | null {
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')])
    if (existsSync(candidate) && !candidate.endsWith('/')) {
      try {
        readFileSync(candidate);
        return candidate;
      } catch {
        // a directory
      }
    }
  return null;
}

function resolveSpecifier(from: string, spec: string): string | null {
  if (spec.startsWith('.')) return resolveFile(resolve(dirname(from), spec));
  if (!spec.startsWith('#')) return null;
  const exact = Object.entries(IMPORTS).find(([pattern]) => {
    const [prefix, suffix] = pattern.split('*');
    return spec.startsWith(prefix) && spec.endsWith(suffix ?? '') && suffix !== undefined && suffix !== '';
  });
  const entry = exact ?? Object.entries(IMPORTS).find(([pattern]) => spec.startsWith(pattern.split('*')[0]));
  if (!entry) return null;
  const [pattern, target] = entry;
  const [prefix, suffix = ''] = pattern.split('*');
  const middle = spec.slice(prefix.length, spec.length - suffix.length);
  return resolveFile(resolve(target.replace('*', middle)));
}

/** Static value imports of a module: bare package names and resolved project files. */
function valueImports(file: string): { packages: string[]; files: string[] } {
  const text = readFileSync(file, 'utf8');
  const packages: string[] = [];
  const files: string[] = [];
  for (const [, clause, spec] of text.matchAll(/^(?:import|export) (type )?[^'";]*?(?:from )?'([^']+)';/gm)) {
    if (clause) continue;
    if (!spec.startsWith('.') && !spec.startsWith('#')) packages.push(spec);
    else {
      const target = resolveSpecifier(file, spec);
      if (target) files.push(target);
    }
  }
  return { packages, files };
}

function startupGraph(roots: string[] = ROOTS): Map<string, string[]> {
  const packagesOf = new Map<string, string[]>();
  const stack = roots.map((r) => resolve(r));
  while (stack.length) {
    const file = stack.pop() as string;
    if (packagesOf.has(file) || !/\.tsx?$/.test(file)) continue;
    const { packages, files } = valueImports(file);
    packagesOf.set(file, packages);
    stack.push(...files);
  }
  return packagesOf;
}

describe('start-up imports', () => {
  const graph = startupGraph();

  it('walks the shell, the sync runtime and the shared layers', () => {
    const files = [...graph.keys()].map((f) => relative(process.cwd(), f));
    expect(files).toContain('src/local/resources.ts');
    expect(files).toContain('src/local/db.ts');
    expect(files).toContain('src/shared/domain/sampling-rules.ts');
    expect(graph.size).toBeGreaterThan(50);
  });

  it('reaches no TypeBox schema', () => {
    const offenders = [...graph]
      .filter(([, packages]) => packages.some((p) => p === 'typebox' || p.startsWith('typebox/')))
      .map(([file]) => relative(process.cwd(), file));
    expect(offenders).toEqual([]);
  });

  it('keeps Dexie out of the shell: the entry reaches the mirror only through import()', () => {
    // The shell chunk is every module main.tsx reaches statically (scripts/chunk-groups.ts).
    // Dexie belongs to the data chunk, fetched beside the shell when signed in and after the
    // first screen when not: one static import of #local/db from a layout part (the demo
    // farm's join did) put its 30 KB gzip into every first download (shell 149 → 180 KB).
    const shell = startupGraph(['src/app/main.tsx']);
    const offenders = [...shell]
      .filter(([, packages]) => packages.some((p) => p === 'dexie' || p.startsWith('dexie/')))
      .map(([file]) => relative(process.cwd(), file));
    expect(offenders).toEqual([]);
    expect([...shell.keys()].map((f) => relative(process.cwd(), f))).not.toContain('src/local/db.ts');
  });

  it('reaches no TypeBox schema from the screens a farm opens every day', () => {
    // A form reading one limit from the API contracts (the pond dialog's largest area) made
    // every visit of the settings load TypeBox and the schemas it builds at start.
    const daily = startupGraph([
      'src/features/farm/farm-home-screen.tsx',
      'src/features/water/water-entry-screen.tsx',
      'src/app/screens/pond-screen.tsx',
      'src/app/screens/settings-page.tsx',
      'src/features/today/today-screen.tsx',
      'src/features/production/harvest-form-screen.tsx',
    ]);
    expect(daily.size).toBeGreaterThan(50);
    const offenders = [...daily]
      .filter(([, packages]) => packages.some((p) => p === 'typebox' || p.startsWith('typebox/')))
      .map(([file]) => relative(process.cwd(), file));
    expect(offenders).toEqual([]);
  });
});
