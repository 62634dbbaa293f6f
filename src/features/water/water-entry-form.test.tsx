// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '#components/confirm-dialog';
import { ToastProvider } from '#components/toast';
import { getDb } from '#local/db';
import { localFlags } from '#local/local-flags';
import { createRepository } from '#local/repository';
import { WATER_GENERAL } from '#local/resources';
import { sessionStore } from '#local/session-store';
import { setSyncStatus } from '#local/sync/status';
import type { Farm, Pond } from '#shared/contracts/farm';
import { DEFAULT_PERMISSIONS } from '#shared/domain/permissions';
import { MESSAGES } from '#shared/i18n/messages';
import { uiLocales } from '../../components/locales.ts';
import { initialState, measuredAt, slotOf } from './entry-model.ts';
import { waterLocales } from './locales.ts';
import { readDoubles } from './same-slot-data.ts';
import { WaterEntryForm } from './water-entry-form.tsx';

/** Counts number-box renders: every ValueInput reads the formatters once per render. */
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('#components/format', async (importOriginal) => {
  const real = await importOriginal<typeof import('#components/format')>();
  return {
    ...real,
    useFormat: () => {
      renders.count += 1;
      return real.useFormat();
    },
  };
});

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'id',
    resources: { id: { common: MESSAGES.id, ui: uiLocales.id, water: waterLocales.id } },
    interpolation: { escapeValue: false },
  });
});

const db = getDb();
afterEach(async () => {
  cleanup();
  await Promise.all(db.tables.map((t) => t.clear()));
});

const FARM = '01950000-0000-7000-8000-00000000000f';
const farm: Farm = {
  farm_id: FARM,
  name: 'Tambak Uji',
  role_id: 3,
  status: 1,
  is_hide_finance: false,
  can_edit_farm: false,
  permissions: Object.entries(DEFAULT_PERMISSIONS[3]).map(([feature_name, action]) => ({
    feature_name,
    action,
  })),
  access_pond: [
    { pond_id: 'p1', access_level: 1 },
    { pond_id: 'p2', access_level: 1 },
    { pond_id: 'p10', access_level: 0 },
  ],
  updated_at: '',
};
const pond = (pond_id: string, name: string): Pond => ({
  pond_id,
  farm_id: FARM,
  block_id: 'b',
  block_name: 'Blok A',
  name,
  area: 1000,
  status: 1,
  access_level: 0,
  updated_at: '',
  deleted_at: null,
});
const ponds = [pond('p10', 'Kolam 10'), pond('p2', 'Kolam 2'), pond('p1', 'Kolam 1')];

const renderForm = (as: Farm = farm) =>
  render(
    <ToastProvider>
      <ConfirmProvider>
        <WaterEntryForm farm={as} ponds={ponds} onLeave={vi.fn()} db={db} />
      </ConfirmProvider>
    </ToastProvider>,
  );
const admin: Farm = {
  ...farm,
  role_id: 1,
  permissions: Object.entries(DEFAULT_PERMISSIONS[1]).map(([feature_name, action]) => ({
    feature_name,
    action,
  })),
};
const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(box(label), { target: { value } });
const fillPond = (pond: string) => {
  type(`pH ${pond}`, '7,9');
  type(`DO ${pond}`, '5,1');
  type(`Suhu ${pond}`, '29');
  type(`Salinitas ${pond}`, '18');
};

describe('WaterEntryForm', () => {
  it('lists the ponds he may enter in dike order and notes the view-only ones', async () => {
    renderForm();
    const names = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(names).toEqual(['Kolam 1', 'Kolam 2']);
    expect(screen.getByText('1 kolam hanya bisa dilihat: Kolam 10.')).toBeTruthy();
  });

  it('turns a value outside the standard red with the range while typing', async () => {
    renderForm();
    const ph = await screen.findByLabelText('pH Kolam 1');
    fireEvent.change(ph, { target: { value: '7,2' } });
    // The range of the slot the form's time is in (morning 7,5–8, afternoon 8–8,5, evening 7,8–8,3).
    const slot = slotOf(initialState().time);
    const range = { morning: '7,5–8', afternoon: '8–8,5', evening: '7,8–8,3' }[slot ?? 'morning'];
    expect(screen.getByText(`di luar standar (${range})`)).toBeTruthy();
    expect(ph.closest('.value-field')?.className).toContain('value-field--out');
  });

  it('keeps quiet about the standard when the device says so (wqs flag), still refusing the impossible', async () => {
    localFlags.set('wqs', false);
    try {
      renderForm();
      const ph = await screen.findByLabelText('pH Kolam 1');
      fireEvent.change(ph, { target: { value: '7,2' } });
      expect(screen.queryByText(/di luar standar/)).toBeNull();
      expect(ph.closest('.value-field')?.className).not.toContain('value-field--out');
      fireEvent.change(ph, { target: { value: '99' } });
      expect(ph.getAttribute('aria-invalid')).toBe('true');
    } finally {
      localFlags.set('wqs', true);
    }
  });

  it('saves touched ponds as pending records with only the typed fields, each with an outbox entry', async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText('pH Kolam 1'), { target: { value: '7,9' } });
    fireEvent.change(screen.getByLabelText('DO Kolam 1'), { target: { value: '5,1' } });
    fireEvent.change(screen.getByLabelText('Suhu Kolam 2'), { target: { value: '29' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan 2 kolam' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Simpan sebagian' }));
    await waitFor(async () => expect(await db.waterGeneral.count()).toBe(2));
    const rows = await db.waterGeneral.toArray();
    const first = rows.find((r) => r.pond_id === 'p1');
    expect(first).toMatchObject({
      farm_id: FARM,
      cycle_id: null,
      ph: 7.9,
      do: 5.1,
      _status: 'pending',
    });
    expect(first).not.toHaveProperty('temperature');
    expect(first?.measured_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000[+-]\d{2}:\d{2}$/);
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => e.url)).toEqual(['/api/water/general/bulk', '/api/water/general/bulk']);
    expect(
      await screen.findByText('2 catatan tersimpan di ponsel, menunggu sinyal.', {
        selector: '.saved-banner__text',
      }),
    ).toBeTruthy();
    expect((screen.getByLabelText('pH Kolam 1') as HTMLInputElement).value).toBe('');
  });

  it('says "on the phone, waiting for signal" when the server is out of reach, though a network is attached', async () => {
    // One bar of signal: the browser says online, the sync engine's last request got no answer.
    expect(navigator.onLine).toBe(true);
    setSyncStatus({ online: false });
    try {
      renderForm();
      await screen.findByLabelText('pH Kolam 1');
      fillPond('Kolam 1');
      fireEvent.click(screen.getByRole('button', { name: 'Simpan 1 kolam' }));
      expect(
        await screen.findByText('1 catatan tersimpan di ponsel, menunggu sinyal.', {
          selector: '.toast__message',
        }),
      ).toBeTruthy();
    } finally {
      setSyncStatus({ online: true });
    }
  });

  it('refuses an impossible value and keeps that pond in the form', async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText('pH Kolam 1'), { target: { value: '15' } });
    expect(screen.getByText('Tidak mungkin: harus antara 0 dan 14.')).toBeTruthy();
    fillPond('Kolam 2');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan 2 kolam' }));
    await waitFor(async () => expect(await db.waterGeneral.count()).toBe(1));
    expect((await db.waterGeneral.toArray())[0].pond_id).toBe('p2');
    expect((screen.getByLabelText('pH Kolam 1') as HTMLInputElement).value).toBe('15');
  });

  it('brings a half-filled round back after a reload', async () => {
    const first = renderForm();
    fireEvent.change(await screen.findByLabelText('pH Kolam 2'), { target: { value: '8,1' } });
    await waitFor(async () => expect(await db.drafts.count()).toBe(1), { timeout: 2000 });
    first.unmount();
    renderForm();
    await waitFor(() => expect((screen.getByLabelText('pH Kolam 2') as HTMLInputElement).value).toBe('8,1'));
    expect(screen.getByText('Isian yang belum disimpan dipulihkan.')).toBeTruthy();
  });

  it('moves on with Enter (the keyboard Next) field to field and pond to pond, saving nothing', async () => {
    renderForm();
    const ph1 = await screen.findByLabelText('pH Kolam 1');
    ph1.focus();
    fireEvent.change(ph1, { target: { value: '7,9' } });
    expect(fireEvent.keyDown(ph1, { key: 'Enter' })).toBe(false); // the default (submit) is cancelled
    expect(document.activeElement).toBe(box('DO Kolam 1'));
    box('Salinitas Kolam 1').focus();
    fireEvent.keyDown(box('Salinitas Kolam 1'), { key: 'Enter' });
    expect(document.activeElement).toBe(box('pH Kolam 2'));
    // The keys say so: "next" everywhere, "done" on the last box.
    expect(box('Salinitas Kolam 1').getAttribute('enterkeyhint')).toBe('next');
    // The fields not focused yet are labelled once the form is idle after mount.
    await waitFor(() => expect(box('Salinitas Kolam 2').getAttribute('enterkeyhint')).toBe('done'));
    fireEvent.keyDown(box('Salinitas Kolam 2'), { key: 'Enter' });
    expect(await db.waterGeneral.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('redraws only the field typed in, not the form', async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText('pH Kolam 1'), { target: { value: '7' } });
    renders.count = 0;
    fireEvent.change(box('pH Kolam 1'), { target: { value: '7,' } });
    fireEvent.change(box('pH Kolam 1'), { target: { value: '7,9' } });
    expect(renders.count).toBe(2);
  });

  it('asks before saving a partly filled pond and takes him to the empty box on "no"', async () => {
    renderForm();
    await screen.findByLabelText('pH Kolam 1');
    fillPond('Kolam 2');
    type('pH Kolam 1', '7,9');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan 2 kolam' }));
    expect(await screen.findByText(/Kolam 1 \(DO, Suhu, Salinitas kosong\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(document.activeElement).toBe(box('DO Kolam 1')));
    expect(await db.waterGeneral.count()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan 2 kolam' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Simpan sebagian' }));
    await waitFor(async () => expect(await db.waterGeneral.count()).toBe(2));
  });

  it('saves a complete round without asking, and no record for the pond left untouched', async () => {
    renderForm();
    await screen.findByLabelText('pH Kolam 1');
    fillPond('Kolam 1');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan 1 kolam' }));
    await waitFor(async () => expect(await db.waterGeneral.count()).toBe(1));
    expect(screen.queryByRole('button', { name: 'Simpan sebagian' })).toBeNull();
    expect((await db.waterGeneral.toArray())[0]).toMatchObject({ pond_id: 'p1', ph: 7.9, salinity: 18 });
  });

  it('warns about a second reading of a pond in the same slot and can save it anyway', async () => {
    const now = initialState();
    const when = measuredAt(now.date, now.time);
    await createRepository(WATER_GENERAL, db).create([
      { id: 'old', farm_id: FARM, pond_id: 'p1', ph: 8, ...when },
    ]);
    renderForm();
    await screen.findByLabelText('pH Kolam 1');
    fillPond('Kolam 1');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan 1 kolam' }));
    expect(await screen.findByText(/Kolam 1 · Umum, jam/)).toBeTruthy();
    // A technician with insert rights cannot change the stored one: no edit offered.
    expect(screen.queryByRole('button', { name: /Ubah yang ada/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tetap simpan' }));
    await waitFor(async () => expect(await db.waterGeneral.count()).toBe(2));
    // His choice is remembered as "keep both" (ADR 0063): not flagged as a double after sync.
    await waitFor(async () => expect(await readDoubles(db, FARM)).toEqual([]));
    const keep = (await db.outbox.toArray()).find((e) => e.url === '/api/water/general/keepBoth');
    expect(keep?.body).toMatchObject({ farm_id: FARM, ids: [expect.any(String), expect.any(String)] });
  });

  it('opens the reading already there, with what he typed, when he chooses to edit it', async () => {
    const now = initialState();
    const when = measuredAt(now.date, now.time);
    await createRepository(WATER_GENERAL, db).create([
      { id: 'old', farm_id: FARM, pond_id: 'p1', ph: 8, do: 4, ...when },
    ]);
    renderForm(admin);
    await screen.findByLabelText('pH Kolam 1');
    type('pH Kolam 1', '7,6');
    type('DO Kolam 1', '5,5');
    type('Suhu Kolam 1', '28');
    type('Salinitas Kolam 1', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan 1 kolam' }));
    fireEvent.click(await screen.findByRole('button', { name: /Ubah yang ada/ }));
    const dialog = await screen.findByRole('dialog', { name: /Ubah Umum · Kolam 1/ });
    expect((dialog.querySelector('input[id]') as HTMLInputElement | null)?.value).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Simpan' }).at(-1) as HTMLElement);
    await waitFor(async () => expect((await db.waterGeneral.get('old'))?.ph).toBe(7.6));
    expect(await db.waterGeneral.count()).toBe(1);
    await waitFor(() => expect(box('pH Kolam 1').value).toBe(''));
  });

  it("remembers the slot's fields: a round of pH and temperature shows those up front next time", async () => {
    sessionStore.set({
      token: 't',
      pu_id: 'u1',
      user: {
        id: 'u1',
        pu_id: 'u1',
        username: 'Pak Uji',
        email: null,
        phone: null,
        city: null,
        photo: null,
        email_verified: true,
        is_system_admin: false,
        language: 'id',
      },
    });
    try {
      renderForm();
      await screen.findByLabelText('pH Kolam 1');
      type('pH Kolam 1', '7,9');
      type('Suhu Kolam 1', '29');
      fireEvent.click(screen.getByRole('button', { name: 'Simpan 1 kolam' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Simpan sebagian' }));
      await waitFor(async () => expect(await db.waterGeneral.count()).toBe(1));
      // Next round: DO and salinity fold under "more"; Next goes from pH to temperature.
      await waitFor(() => expect(screen.queryByLabelText('DO Kolam 2')).toBeNull());
      box('pH Kolam 2').focus();
      fireEvent.keyDown(box('pH Kolam 2'), { key: 'Enter' });
      fireEvent.keyUp(box('Suhu Kolam 2'), { key: 'Enter' });
      expect(document.activeElement).toBe(box('Suhu Kolam 2'));
      // A complete card of those two saves without asking.
      type('pH Kolam 2', '8');
      type('Suhu Kolam 2', '28');
      fireEvent.click(screen.getByRole('button', { name: 'Simpan 1 kolam' }));
      await waitFor(async () => expect(await db.waterGeneral.count()).toBe(2));
    } finally {
      sessionStore.clear();
      localStorage.clear();
    }
  });
});
