import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The recipe of docs/architecture.md ("Adding a domain"), checked against the tree: every
 * server module and client feature holds the files the recipe asks of it, the recipe names
 * only files and npm scripts that exist, the ADR numbers have no unexplained gap, and the
 * mirror is read live one way only (useLiveMirror, step 6).
 */
const ROOT = join(import.meta.dirname, '..', '..');
const at = (...parts: string[]) => join(ROOT, ...parts);
const read = (...parts: string[]) => readFileSync(at(...parts), 'utf8');
const dirs = (path: string) =>
  readdirSync(at(path), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const files = (path: string) => readdirSync(at(path));

const MODULES = 'src/server/modules';
const FEATURES = 'src/features';

/** Recipe files a module keeps outside its folder (step 3, 4), with where they are. */
const KEPT_ELSEWHERE: Record<string, string> = {
  'account authz': 'src/server/authz/account.authz.ts',
  'demo routes test': 'tests/integration/demo-farm.test.ts',
  'push routes test': 'src/server/modules/push/push.test.ts',
  'uploads routes test': 'src/server/security/uploads.test.ts',
};

/** Modules built before the recipe had a bench step (step 9): their paths are in the load script. */
const BEFORE_BENCH_STEP = ['account', 'cycle', 'farm'];
/** The bench of a domain whose file is named for its heavy path rather than the domain. */
const BENCH_OF: Record<string, string> = {
  finance: 'finance-stats',
  larvae: 'larvae-count',
  production: 'overview',
  records: 'anco-bulk',
  reports: 'report',
  sampling: 'sampling-save',
  sync: 'first-sync',
  warehouse: 'warehouse-list',
  water: 'bulk-water',
};
/** Features whose namespace the shell loads at start (src/app/i18n.ts NAMESPACES), so no register-locales.ts. */
const SHELL_NAMESPACES = ['sync'];

/** What the recipe asks of one server module that is not in its folder: a list of problems. */
function moduleProblems(name: string): string[] {
  const own = files(`${MODULES}/${name}`);
  const has = (pattern: RegExp) => own.some((f) => pattern.test(f));
  const elsewhere = (what: string) => {
    const path = KEPT_ELSEWHERE[`${name} ${what}`];
    return path !== undefined && existsSync(at(path));
  };
  const problems: string[] = [];
  if (has(/\.routes\.ts$/)) {
    if (!has(/\.routes\.test\.ts$/) && !elsewhere('routes test'))
      problems.push('no *.routes.test.ts (step 3)');
    if (!has(/\.authz\.ts$/) && !elsewhere('authz')) problems.push('no *.authz.ts (step 4)');
  }
  for (const authz of own.filter((f) => f.endsWith('.authz.ts')))
    if (!read('src/server/authz/cases.ts').includes(`../modules/${name}/${authz}`))
      problems.push(`${authz} is not in AUTHZ_MODULES of src/server/authz/cases.ts (step 4)`);
  if (own.filter((f) => f.endsWith('.repository.ts')).length > 1 && !own.includes('README.md'))
    problems.push('several repositories and no README.md naming them (step 12)');
  if (has(/-modules\.ts$/))
    problems.push('a wiring factory in the module; it belongs in src/server/wiring (step 3)');
  const bench = `tests/bench/${BENCH_OF[name] ?? name}.bench.ts`;
  if (existsSync(at(FEATURES, name)) && !BEFORE_BENCH_STEP.includes(name) && !existsSync(at(bench)))
    problems.push(`a client feature and no ${bench} (step 9)`);
  return problems;
}

function featureProblems(name: string): string[] {
  const own = files(`${FEATURES}/${name}`);
  const problems: string[] = [];
  if (!own.includes('locales.ts')) problems.push('no locales.ts (step 7)');
  if (!own.includes('register-locales.ts') && !SHELL_NAMESPACES.includes(name))
    problems.push('no register-locales.ts (step 7)');
  return problems;
}

/** Every source file under `path` (tests included), relative to the root. */
function sourceFiles(path: string): string[] {
  return readdirSync(at(path), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(?:ts|tsx|mts|cts|js|jsx|mjs)$/.test(f))
    .map((f) => join(path, f));
}

/** An import, re-export, dynamic import or require of dexie-react-hooks (or a subpath of it). */
const DEXIE_REACT_HOOKS =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]dexie-react-hooks(?:\/[^'"]*)?['"]/;

/** The recipe section of docs/architecture.md. */
function recipe(): string {
  const doc = read('docs/architecture.md');
  const start = doc.indexOf('## Adding a domain: the recipe');
  return doc.slice(start, doc.indexOf('\n## ', start + 1));
}

describe('the recipe of docs/architecture.md holds in the tree', () => {
  it.each(dirs(MODULES))('server module %s has the files the recipe asks for', (name) => {
    expect(moduleProblems(name)).toEqual([]);
  });

  it.each(dirs(FEATURES))('client feature %s has the files the recipe asks for', (name) => {
    expect(featureProblems(name)).toEqual([]);
  });

  it('the shell namespaces without register-locales.ts are the ones the shell loads', () => {
    for (const name of SHELL_NAMESPACES) expect(read('src/app/i18n.ts')).toContain(`'${name}'`);
  });

  it('every file the recipe names exists (placeholders like <x> aside)', () => {
    const named = [...recipe().matchAll(/`((?:src|tests|scripts|sw|docs)\/[^`\s]+)`/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(10);
    const missing = named.filter((path) => !/[<*{]/.test(path) && !existsSync(at(path.replace(/#.*$/, ''))));
    expect(missing).toEqual([]);
  });

  it('every npm script the recipe names exists', () => {
    const scripts = Object.keys(JSON.parse(read('package.json')).scripts as Record<string, string>);
    const named = [...recipe().matchAll(/npm run ([a-z][\w:-]*)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((s) => !scripts.includes(s))).toEqual([]);
  });

  it('the mirror is read live one way: no file under src imports dexie-react-hooks (useLiveMirror is the hook)', () => {
    const found = sourceFiles('src').filter((path) => DEXIE_REACT_HOOKS.test(read(path)));
    expect(found).toEqual([]);
    expect(existsSync(at('src/components/use-live-mirror.ts'))).toBe(true);
  });

  it('ADR numbers are unique and every gap is explained in docs/adr/README.md', () => {
    const numbers = files('docs/adr')
      .map((f) => /^(\d{4})-/.exec(f)?.[1])
      .filter((n): n is string => n !== undefined);
    expect(new Set(numbers).size).toBe(numbers.length);
    const readme = read('docs/adr/README.md');
    const highest = Math.max(...numbers.map(Number));
    const unexplained: string[] = [];
    for (let n = 1; n <= highest; n++) {
      const id = String(n).padStart(4, '0');
      if (!numbers.includes(id) && !readme.includes(id)) unexplained.push(id);
    }
    expect(unexplained).toEqual([]);
  });
});
