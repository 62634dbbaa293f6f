import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { api } from '#local/api-client';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
} from '#shared/i18n/language';
import { MESSAGES } from '#shared/i18n/messages';
// Locale catalogs are plain .ts modules; the `#features/*` alias maps to .tsx, so the
// shell reaches them with one-level relative paths.
import { uiLocales } from '../components/locales.ts';
import { syncLocales } from '../features/sync/locales.ts';

/** Local storage keys sit under the product prefix (seed 000 §9). */
export const LANGUAGE_KEY = 'tambak:language';

export function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function resourcesFor(lang: Language) {
  return { common: MESSAGES[lang], ui: uiLocales[lang], sync: syncLocales[lang] };
}

/**
 * The namespaces the shell shows itself. Every other one is added by its feature's
 * `register-locales.ts` when the feature's chunk loads (ADR 0011).
 */
export const NAMESPACES = ['common', 'ui', 'sync'] as const;

/** Sets up i18next once: Indonesian first, English as fallback, choice remembered per device. */
export function initI18n(lang: Language = storedLanguage()) {
  if (i18next.isInitialized) return i18next;
  void i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'ui',
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, resourcesFor(l)])),
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    initAsync: false,
  });
  const apply = (next: string) => {
    const value = isLanguage(next) ? next : DEFAULT_LANGUAGE;
    api.setLanguage(value);
    document.documentElement.lang = value;
    try {
      globalThis.localStorage?.setItem(LANGUAGE_KEY, value);
    } catch {
      // private mode: the choice lasts for this visit only
    }
  };
  apply(i18next.language);
  i18next.on('languageChanged', apply);
  return i18next;
}
