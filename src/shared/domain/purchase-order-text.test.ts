import { describe, expect, it } from 'vitest';
import { purchaseOrderText, whatsappLink } from './purchase-order-text.ts';

const order = {
  farm_name: 'Tambak Sinar',
  supplier_name: 'Toko Pakan',
  note: 'Antar sebelum jam 10',
  ordered_on: '2026-03-01T03:00:00Z',
  items: [
    { product_name: 'Pakan udang pelet 1,6 mm', qty: 250, unit: 'Kg' },
    { product_name: 'Molase', qty: 20.5, unit: 'Liter' },
  ],
};

describe('purchaseOrderText', () => {
  it('writes every line of the order in Indonesian', () => {
    expect(purchaseOrderText(order, 'id')).toBe(
      [
        '*Pesanan Pembelian*',
        'Tambak: Tambak Sinar',
        'Kepada: Toko Pakan',
        'Tanggal: 01 Mar 2026',
        '',
        '1. Pakan udang pelet 1,6 mm: 250 Kg',
        '2. Molase: 20,5 Liter',
        '',
        'Catatan: Antar sebelum jam 10',
        '',
        'Terima kasih.',
      ].join('\n'),
    );
  });
  it('and in English, without an empty note', () => {
    const text = purchaseOrderText({ ...order, note: '  ' }, 'en');
    expect(text).toContain('2. Molase: 20.5 Liter');
    expect(text).not.toContain('Notes');
  });
});

describe('whatsappLink', () => {
  it('is wa.me with the digits and the whole text encoded', () => {
    const link = whatsappLink('+6281234567890', 'a & b\n#1');
    expect(link).toBe('https://wa.me/6281234567890?text=a%20%26%20b%0A%231');
    expect(decodeURIComponent(link.split('?text=')[1])).toBe('a & b\n#1');
  });
});
