import { mkdirSync, writeFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface AxeFinding {
  screen: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The impacts the suite refuses (WCAG 2.1 A/AA rules plus axe best practices). */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe on the page as it is now and returns every violation with its impact; the full
 * report lands in test-results/axe/<screen>.json for a person to read.
 */
export async function axeScan(page: Page, screen: string): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  mkdirSync('test-results/axe', { recursive: true });
  writeFileSync(
    `test-results/axe/${screen.replaceAll('/', '_')}.json`,
    JSON.stringify(results.violations, null, 2),
  );
  return results.violations.map((v) => ({
    screen,
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
}

export const blocking = (findings: AxeFinding[]) => findings.filter((f) => BLOCKING.has(f.impact));

/** One line per screen: "login: 0 serious/critical, 2 other". */
export function axeSummary(findings: AxeFinding[], screens: string[]): string {
  return screens
    .map((s) => {
      const mine = findings.filter((f) => f.screen === s);
      const bad = blocking(mine);
      const detail = bad.map((f) => `${f.impact} ${f.id} (${f.targets.join(', ')})`).join('; ');
      return `${s}: ${bad.length} serious/critical, ${mine.length - bad.length} other${detail ? ` — ${detail}` : ''}`;
    })
    .join('\n');
}
