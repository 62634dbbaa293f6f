import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useAfterFirstScreen } from '#components/first-screen.ts';
import { installChoice } from '#local/install-choice';

/** Chromium's install offer (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/**
 * Called once at start (main.tsx), before the first render: the browser fires
 * beforeinstallprompt whenever it likes, often before React has mounted anything, and an
 * offer missed then never comes back in that visit. It is kept here until a screen asks.
 */
export function listenForInstallOffer(win: Window = window): void {
  listenForUse(win);
  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // our card instead of the browser's mini-infobar
    offer = event as InstallPromptEvent;
    emit();
  });
  win.addEventListener('appinstalled', () => {
    installChoice.remember('installed', Date.now());
    offer = null;
    emit();
  });
}

function useOffer(): InstallPromptEvent | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offer,
  );
}

/** Events that say the person is using the screen (a tap, a key, a scroll). */
const IN_USE = ['pointerdown', 'keydown', 'scroll'] as const;
let inUse = false;

/**
 * Set at start with the offer listener: a tap made before the card's screen has mounted
 * (a quick keeper, a slow phone) still counts as using the screen.
 */
function listenForUse(win: Window): void {
  const mark = () => {
    if (inUse) return;
    inUse = true;
    for (const type of IN_USE) win.removeEventListener(type, mark, { capture: true });
    emit();
  };
  for (const type of IN_USE) win.addEventListener(type, mark, { capture: true, passive: true });
}

/**
 * True once the person has used the screen. The offer waits for it: a card that appeared
 * on its own while the screen loads would push in as the screen's largest late paint (and
 * move what he was about to tap); after his first touch it is a stable part of the page.
 */
function useScreenInUse(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => inUse,
  );
}

/**
 * Offers "install on the home screen" (a pond keeper then opens Tambak like an app, offline
 * too) at one defined moment: on the farm screens the shell places it on, once the first
 * screen is up, the browser has said the app is installable and the person has started
 * using the screen (first tap, key or scroll). It is a card below the screen,
 * not a floating bar, so it never covers a field. "Not now" asks again after
 * SNOOZE_DAYS, "never" never again on this device (src/local/install-choice.ts).
 */
export function InstallPrompt() {
  const { t } = useTranslation('ui');
  const pending = useOffer();
  const screenUp = useAfterFirstScreen();
  const inUse = useScreenInUse();
  const [open, setOpen] = useState(() => installChoice.mayOffer(Date.now()));
  if (!pending || !screenUp || !inUse || !open) return null;
  const answer = (choice: 'later' | 'never') => {
    installChoice.remember(choice, Date.now());
    setOpen(false);
  };
  return (
    <section className="install-offer" aria-label={t('install.label')}>
      <p>{t('install.offer')}</p>
      <div className="row">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={async () => {
            await pending.prompt();
            const { outcome } = await pending.userChoice;
            installChoice.remember(outcome === 'accepted' ? 'installed' : 'later', Date.now());
            offer = null;
            emit();
          }}
        >
          {t('install.accept')}
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => answer('later')}
        >
          {t('install.dismiss')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => answer('never')}>
          {t('install.never')}
        </button>
      </div>
    </section>
  );
}
