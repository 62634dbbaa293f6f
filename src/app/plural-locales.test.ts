import i18next, { type i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { chartsLocales } from '#features/charts/locales.ts';
import { larvaeLocales } from '#features/larvae/locales.ts';
import { productionLocales } from '#features/production/locales.ts';
import { profileLocales } from '#features/profile/locales.ts';
import { recordsLocales } from '#features/records/locales.ts';
import { reviewLocales } from '#features/review/locales.ts';
import { samplingLocales } from '#features/sampling/locales.ts';
import { syncLocales } from '#features/sync/locales.ts';
import { warehouseLocales } from '#features/warehouse/locales.ts';
import { waterLocales } from '#features/water/locales.ts';
import { wordAlert } from '#shared/i18n/alert-messages';

/**
 * Issue 28 point 6: every count is worded with i18next's plural forms in both languages
 * ("Save 1 pond", "Save 2 ponds"; Indonesian has one form). The scan fails for a new
 * English string that puts a word after `{{count}}` without `_one`/`_other` keys.
 */
type Catalog = { id: Record<string, unknown>; en: Record<string, unknown> };
const modules = import.meta.glob<Record<string, unknown>>(
  ['../features/**/locales.ts', '../components/locales.ts'],
  {
    eager: true,
  },
);
const catalogs: [string, Catalog][] = Object.entries(modules).flatMap(([path, mod]) =>
  Object.values(mod)
    .filter((v): v is Catalog => typeof v === 'object' && v !== null && 'id' in v && 'en' in v)
    .map((c) => [path, c] as [string, Catalog]),
);

/** English counts whose words read right for 1 too (a count of lines out of a maximum, "shrimp"). */
const NUMBER_NEUTRAL = new Set(['comparison.count', 'comparison.tooMany', 'list.count']);

function strings(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
}

describe('plural forms in the locales', () => {
  it('finds the feature catalogs', () => {
    expect(catalogs.length).toBeGreaterThan(15);
  });

  it('has _one and _other for every English count followed by a word, in both languages', () => {
    const missing: string[] = [];
    for (const [path, catalog] of catalogs) {
      const ids = new Map(strings(catalog.id));
      for (const [key, text] of strings(catalog.en)) {
        const base = key.replace(/_(one|other)$/, '');
        if (/\{\{count\}\} [a-z]/i.test(text) && base === key && !NUMBER_NEUTRAL.has(key))
          missing.push(`${path} ${key}: ${text}`);
        if (key.endsWith('_one')) {
          if (!ids.has(key) || !ids.has(`${base}_other`)) missing.push(`${path} ${key}: no Indonesian form`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('counts read right in both languages', () => {
  let t: i18n;
  beforeAll(async () => {
    t = i18next.createInstance();
    await t.init({ lng: 'en', fallbackLng: 'id', resources: {} });
    const add: [string, Catalog][] = [
      ['sampling', samplingLocales],
      ['production', productionLocales],
      ['records', recordsLocales],
      ['warehouse', warehouseLocales],
      ['sync', syncLocales],
      ['larvae', larvaeLocales],
      ['charts', chartsLocales],
      ['review', reviewLocales],
      ['water', waterLocales],
      ['profile', profileLocales],
    ];
    for (const [ns, c] of add) {
      t.addResourceBundle('id', ns, c.id);
      t.addResourceBundle('en', ns, c.en);
    }
  });
  const say = (lng: string, key: string, options: Record<string, unknown>) => t.t(key, { lng, ...options });

  it.each([
    ['sampling:saveCount', {}, 'Save 1 pond', 'Save 3 ponds', 'Simpan 1 kolam', 'Simpan 3 kolam'],
    [
      'production:overview.pondsCount',
      {},
      '1 active pond',
      '3 active ponds',
      '1 kolam aktif',
      '3 kolam aktif',
    ],
    [
      'records:anco.savedCount',
      {},
      '1 feed tray check saved.',
      '3 feed tray checks saved.',
      '1 cek anco tersimpan.',
      '3 cek anco tersimpan.',
    ],
    [
      'warehouse:entry.savedCount',
      {},
      '1 record saved.',
      '3 records saved.',
      '1 catatan tersimpan.',
      '3 catatan tersimpan.',
    ],
    ['charts:points', {}, '1 data point', '3 data points', '1 titik data', '3 titik data'],
    [
      'water:savedOnline',
      {},
      '1 record saved.',
      '3 records saved.',
      '1 catatan tersimpan.',
      '3 catatan tersimpan.',
    ],
    [
      'profile:logout.discardButton',
      {},
      'Yes, delete 1 record and sign out',
      'Yes, delete 3 records and sign out',
      'Ya, hapus 1 data dan keluar',
      'Ya, hapus 3 data dan keluar',
    ],
    [
      'review:summarySlot',
      { slot: '06:00', done: 1 },
      '06:00 1/1 pond',
      '06:00 1/3 ponds',
      '06:00 1/1 kolam',
      '06:00 1/3 kolam',
    ],
  ] as const)('%s', (key, vars, en1, en3, id1, id3) => {
    expect(say('en', key, { ...vars, count: 1 })).toBe(en1);
    expect(say('en', key, { ...vars, count: 3 })).toBe(en3);
    expect(say('id', key, { ...vars, count: 1 })).toBe(id1);
    expect(say('id', key, { ...vars, count: 3 })).toBe(id3);
  });

  it('words the sync indicator and the larvae count by their count', () => {
    const label = (lng: string, count: number) =>
      say(lng, 'sync:indicator.label', { connection: 'Online', count, failed: 0 });
    expect(label('en', 1)).toBe('Online. 1 record waiting to be sent, 0 failed. Open sync status.');
    expect(label('en', 2)).toBe('Online. 2 records waiting to be sent, 0 failed. Open sync status.');
    expect(label('id', 1)).toBe('Online. 1 data menunggu dikirim, 0 gagal. Buka status sinkronisasi.');
    expect(say('en', 'larvae:count', { count: 1, n: '1' })).toBe('1 larva');
    expect(say('en', 'larvae:count', { count: 1500, n: '1,500' })).toBe('1,500 larvae');
    expect(say('id', 'larvae:count', { count: 1500, n: '1.500' })).toBe('1.500 ekor');
  });

  it('words a notification count with its plural form in each language', () => {
    const body = (lang: 'id' | 'en', count: number) =>
      wordAlert(lang, { key: 'alert.sync-body', params: { count } });
    expect(body('en', 1)).toBe(
      '1 record on one of your devices failed to send. Open Sync status on that device.',
    );
    expect(body('en', 1200)).toBe(
      '1,200 records on one of your devices failed to send. Open Sync status on that device.',
    );
    expect(body('id', 1200)).toBe(
      '1.200 data di salah satu perangkat Anda gagal dikirim. Buka Status sinkronisasi di perangkat itu.',
    );
  });
});
