import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAlias, screenImports } from '../../scripts/vite-route-preloads.ts';
import { ROUTES } from './route-table.ts';

const root = resolve(import.meta.dirname, '../..');
const routerSource = readFileSync(resolve(root, 'src/app/router.tsx'), 'utf8');
const imports = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).imports;

describe('the build reads each route screen from the router (route preloads)', () => {
  const screens = screenImports(routerSource);

  it('finds a screen for every built route but the redirecting root', () => {
    const found = new Set(screens.map(([path]) => path));
    const built = ROUTES.filter((r) => r.built && r.path !== '/').map((r) => r.path);
    expect(built.filter((path) => !found.has(path))).toEqual([]);
    expect(screens.length).toBe(built.length);
  });

  it('resolves every screen import to a file that exists', () => {
    for (const [path, specifier] of screens) {
      const file = resolveAlias(root, imports, specifier);
      expect(file, path).not.toBeNull();
      expect(() => readFileSync(file as string), `${path}: ${file}`).not.toThrow();
    }
  });
});
