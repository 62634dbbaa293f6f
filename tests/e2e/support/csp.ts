import type { Page } from '@playwright/test';

export interface CspReport {
  directive: string;
  blockedURI: string;
  sourceFile: string;
  sample: string;
  url: string;
}

declare global {
  interface Window {
    __cspViolations?: CspReport[];
    __reportCsp?: (report: CspReport) => void;
  }
}

/**
 * Records every Content-Security-Policy violation the page meets: the
 * `securitypolicyviolation` event (kept on window.__cspViolations and forwarded to the
 * test so a navigation loses none) and Chromium's console errors about the policy.
 * Call before the first navigation; read with the returned function.
 */
export async function watchCsp(page: Page): Promise<() => string[]> {
  const found: string[] = [];
  await page.exposeBinding('__reportCsp', (_source, report: CspReport) => {
    found.push(
      `${report.directive} blocked ${report.blockedURI || 'inline'} at ${report.url} ${report.sample}`,
    );
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = {
        directive: e.effectiveDirective || e.violatedDirective,
        blockedURI: e.blockedURI,
        sourceFile: e.sourceFile,
        sample: e.sample,
        url: location.href,
      };
      window.__cspViolations?.push(report);
      window.__reportCsp?.(report);
    });
  });
  page.on('console', (m) => {
    if (
      m.type() === 'error' &&
      /Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text())
    )
      found.push(`console: ${m.text()}`);
  });
  return () => [...found];
}
