// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { markFirstScreen } from '#components/first-screen.ts';
import { uiLocales } from '#components/locales.ts';
import { InstallPrompt, listenForInstallOffer } from './install-prompt.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'id',
    resources: { id: { ui: uiLocales.id } },
    interpolation: { escapeValue: false },
  });
  localStorage.clear();
  listenForInstallOffer(window);
  markFirstScreen();
});
afterEach(cleanup);

const offerEvent = () =>
  Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: async () => undefined,
    userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
  });

describe('InstallPrompt', () => {
  it('waits for the first touch, and a key pressed before the card mounted counts', async () => {
    window.dispatchEvent(offerEvent());
    const first = render(<InstallPrompt />);
    // The first screen is up and the browser offered, but nobody has touched the screen yet.
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(screen.queryByRole('region', { name: 'Pasang aplikasi' })).toBeNull();
    first.unmount();
    // The keeper presses a key while no screen with the card is mounted...
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }));
    // ...and the farm screen that holds the card mounts afterwards: the card shows.
    render(<InstallPrompt />);
    expect(await screen.findByRole('region', { name: 'Pasang aplikasi' })).toBeTruthy();
  });
});
