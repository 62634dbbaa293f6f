// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RecordStatus } from '#components/record-status';
import { getDb } from '#local/db';
import { deviceId } from '#local/device';
import { MESSAGES } from '#shared/i18n/messages';
import { uiLocales } from '../../components/locales.ts';
import { waterLocales } from './locales.ts';
import { ReadingConflicts } from './reading-conflicts.tsx';
import type { ReadingItem } from './reading-groups.ts';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'id',
    resources: {
      id: { common: MESSAGES.id, ui: uiLocales.id, water: waterLocales.id },
      en: { common: MESSAGES.en, ui: uiLocales.en, water: waterLocales.en },
    },
    interpolation: { escapeValue: false },
  });
});

const db = getDb();
afterEach(async () => {
  cleanup();
  await Promise.all(db.tables.map((t) => t.clear()));
});

const author = (device: string, by_name: string, edited_at: string, value: number) => ({
  by: 'u',
  by_name,
  device,
  edited_at,
  value,
});

async function seed(lostDevice?: string): Promise<ReadingItem> {
  const me = await deviceId(db);
  const row = {
    id: 'r1',
    farm_id: 'f1',
    pond_id: 'p1',
    measured_at: '2025-03-01T06:00:00.000+07:00',
    utc_offset: 420,
    time_of_day: 'morning',
    ph: 8.4,
    do: 5,
    version: 3,
    conflicts: [
      {
        field: 'ph',
        lost: author(lostDevice ?? me, 'Bu Sari', '2025-03-01T06:03:00.000Z', 7.6),
        kept: author('other-phone', 'Pak Budi', '2025-03-01T06:05:00.000Z', 8.4),
      },
    ],
    _status: 'synced' as const,
  };
  await db.waterGeneral.put(row as never);
  return { kind: 'general', row } as unknown as ReadingItem;
}

describe('a conflict this device lost (issue 12)', () => {
  it('shows both values and who wrote them, and one tap queues an edit restoring its own', async () => {
    const item = await seed();
    render(
      <>
        <RecordStatus row={item.row} />
        <ReadingConflicts item={item} db={db} />
      </>,
    );
    expect(await screen.findByText('Diubah juga di perangkat lain')).toBeTruthy();
    expect(
      screen.getByText(/pH: nilai Anda 7,6 \(01 Mar 2025, \d\d:03\) diganti 8,4 oleh Pak Budi/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pakai nilai saya (7,6)' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'update',
      method: 'PUT',
      body: { ph: 7.6 },
      patch: { baseVersion: 3 },
    });
    expect(await db.waterGeneral.get('r1')).toMatchObject({ ph: 7.6, _status: 'pending' });
  });

  it('shows nothing on the device whose value was kept', async () => {
    const item = await seed('other-phone');
    render(<ReadingConflicts item={item} db={db} />);
    await waitFor(async () => expect(await db.syncState.get('device')).toBeTruthy());
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says it in English too', async () => {
    await i18next.changeLanguage('en');
    try {
      const item = await seed();
      render(<ReadingConflicts item={item} db={db} />);
      expect(await screen.findByRole('button', { name: 'Use my value (7.6)' })).toBeTruthy();
      expect(screen.getByText(/pH: your value 7\.6 .* was replaced by 8\.4 from Pak Budi/)).toBeTruthy();
    } finally {
      await i18next.changeLanguage('id');
    }
  });
});
