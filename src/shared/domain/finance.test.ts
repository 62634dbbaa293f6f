import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_CATEGORIES, CATEGORY_ICONS } from './finance.ts';

describe('built-in finance categories', () => {
  it('are the ones migration 0017 writes, id for id', () => {
    const migration = readFileSync(
      new URL('../../server/db/migrations/0017_finance.ts', import.meta.url),
      'utf8',
    );
    for (const c of BUILT_IN_CATEGORIES)
      expect(migration).toContain(`('${c.id}', NULL, '${c.key}', '${c.type}', '${c.icon}', '${c.name}')`);
  });
  it('use known icons and cover the issue’s list', () => {
    for (const c of BUILT_IN_CATEGORIES) expect(CATEGORY_ICONS).toContain(c.icon);
    expect(BUILT_IN_CATEGORIES.map((c) => c.key)).toEqual(
      expect.arrayContaining([
        'harvest-sale',
        'feed',
        'seed',
        'probiotics',
        'chemicals',
        'electricity',
        'fuel',
        'labour',
        'maintenance',
        'equipment',
      ]),
    );
  });
});

describe('finance contract literals', () => {
  it('match the domain lists', async () => {
    const { Icon, Method, Source } = await import('../contracts/finance.ts');
    const { PAYMENT_METHODS, PROPOSAL_SOURCES } = await import('./finance.ts');
    const values = (u: { anyOf: { const: string }[] }) => u.anyOf.map((l) => l.const);
    expect(values(Icon as never)).toEqual([...CATEGORY_ICONS]);
    expect(values(Method as never)).toEqual([...PAYMENT_METHODS]);
    expect(values(Source as never)).toEqual([...PROPOSAL_SOURCES]);
  });
});
