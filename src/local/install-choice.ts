import { browserStorage } from './browser-storage.ts';
import type { KeyValueStorage } from './session-store.ts';

/**
 * What the person answered to "install Tambak on the home screen" (issue 12 point 9), kept
 * on this device: "not now" asks again after SNOOZE_DAYS, "never" and an installed app
 * never again. An older build stored a bare '1' under `tambak:install-dismissed`: that
 * counts as "not now" from the moment it is read.
 */
export type InstallAnswer = 'later' | 'never' | 'installed';
interface Stored {
  answer: InstallAnswer;
  at: number;
}

const KEY = 'tambak:install-choice';
const LEGACY_KEY = 'tambak:install-dismissed';
export const SNOOZE_DAYS = 14;
const DAY_MS = 86_400_000;

function read(storage: KeyValueStorage | null): Stored | null {
  try {
    const raw = storage?.getItem(KEY);
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<Stored>;
      if (
        (parsed.answer === 'later' || parsed.answer === 'never' || parsed.answer === 'installed') &&
        typeof parsed.at === 'number'
      ) {
        return { answer: parsed.answer, at: parsed.at };
      }
    }
  } catch {
    // unreadable: ask again
  }
  return null;
}

export function createInstallChoice(storage: KeyValueStorage | null) {
  return {
    /** Whether the offer may be shown at `now` (epoch ms). */
    mayOffer(now: number): boolean {
      let stored = read(storage);
      if (!stored && storage?.getItem(LEGACY_KEY) === '1') {
        this.remember('later', now);
        storage.removeItem(LEGACY_KEY);
        stored = read(storage);
      }
      if (!stored) return true;
      if (stored.answer !== 'later') return false;
      return now - stored.at >= SNOOZE_DAYS * DAY_MS;
    },
    remember(answer: InstallAnswer, now: number): void {
      try {
        storage?.setItem(KEY, JSON.stringify({ answer, at: now } satisfies Stored));
      } catch {
        // storage full or blocked: the choice holds for this visit only
      }
    },
  };
}

export const installChoice = createInstallChoice(browserStorage());
