// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '#components/toast';
import { getDb } from '#local/db';
import type { Farm, Pond } from '#shared/contracts/farm';
import { DEFAULT_PERMISSIONS } from '#shared/domain/permissions';
import { MESSAGES } from '#shared/i18n/messages';
import { uiLocales } from '../../components/locales.ts';
import { waterLocales } from './locales.ts';
import { WaterEntryForm } from './water-entry-form.tsx';

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

const renderForm = () =>
  render(
    <ToastProvider>
      <WaterEntryForm farm={farm} ponds={ponds} onLeave={vi.fn()} db={db} />
    </ToastProvider>,
  );

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
    expect(screen.getByText('di luar standar (7,8–8,5)')).toBeTruthy();
    expect(ph.closest('.value-field')?.className).toContain('value-field--out');
  });

  it('saves filled ponds as pending records with -99 for the rest, each with an outbox entry', async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText('pH Kolam 1'), { target: { value: '7,9' } });
    fireEvent.change(screen.getByLabelText('DO Kolam 1'), { target: { value: '5,1' } });
    fireEvent.change(screen.getByLabelText('Suhu Kolam 2'), { target: { value: '29' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan 2 kolam' }));
    await waitFor(async () => expect(await db.waterGeneral.count()).toBe(2));
    const rows = await db.waterGeneral.toArray();
    const first = rows.find((r) => r.pond_id === 'p1');
    expect(first).toMatchObject({
      farm_id: FARM,
      cycle_id: null,
      ph: 7.9,
      do: 5.1,
      temperature: -99,
      _status: 'pending',
    });
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

  it('refuses an impossible value and keeps that pond in the form', async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText('pH Kolam 1'), { target: { value: '15' } });
    expect(screen.getByText('Tidak mungkin: harus antara 0 dan 14.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('pH Kolam 2'), { target: { value: '8' } });
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
});
