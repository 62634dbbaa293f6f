import i18next from 'i18next';
import type { Language } from '#shared/i18n/language';

/**
 * Adds a feature's locale namespace when the chunk that needs it loads, not in the shell
 * (ADR 0011): the first-load JS carries only the strings the shell shows itself. A
 * feature's `register-locales.ts` calls this, and every module that translates with the
 * namespace imports that file (src/app/lazy-locales.test.ts checks it).
 */
export function registerNamespace<T extends object>(ns: string, locales: Record<Language, T>): void {
  const add = () => {
    for (const lang of Object.keys(locales) as Language[])
      i18next.addResourceBundle(lang, ns, locales[lang], true, true);
  };
  // The shell initialises i18next before any screen's chunk loads; a test may import first.
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}
