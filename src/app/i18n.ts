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
import { accountLocales } from '../features/account/locales.ts';
import { chatCallsLocales } from '../features/chat/calls/locales.ts';
import { chatExtrasLocales } from '../features/chat/extras/locales.ts';
import { chatGroupsLocales } from '../features/chat/groups/locales.ts';
import { chatLocales } from '../features/chat/locales.ts';
import { chatPushLocales } from '../features/chat/push/locales.ts';
import { cycleLocales } from '../features/cycle/locales.ts';
import { farmLocales } from '../features/farm/locales.ts';
import { profileLocales } from '../features/profile/locales.ts';
import { settingsLocales } from '../features/settings/locales.ts';
import { syncLocales } from '../features/sync/locales.ts';
import { waterLocales } from '../features/water/locales.ts';
import { pondLocales } from './screens/pond-locales.ts';

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
  return {
    common: MESSAGES[lang],
    ui: uiLocales[lang],
    account: accountLocales[lang],
    farm: farmLocales[lang],
    settings: settingsLocales[lang],
    profile: profileLocales[lang],
    water: waterLocales[lang],
    cycle: cycleLocales[lang],
    pond: pondLocales[lang],
    sync: syncLocales[lang],
    chat: chatLocales[lang],
    chatPush: chatPushLocales[lang],
    chatGroups: chatGroupsLocales[lang],
    chatCalls: chatCallsLocales[lang],
    chatExtras: chatExtrasLocales[lang],
  };
}

export const NAMESPACES = [
  'common',
  'ui',
  'account',
  'farm',
  'settings',
  'profile',
  'sync',
  'water',
  'cycle',
  'pond',
  'chat',
  'chatPush',
  'chatGroups',
  'chatCalls',
  'chatExtras',
] as const;

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
