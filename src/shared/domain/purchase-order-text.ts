import type { Language } from '../i18n/language.ts';
import { formatDate } from './date-format.ts';
import { formatNumber } from './format.ts';

/**
 * The order written out for WhatsApp (seed 000 §7 "Purchase orders"): the same text goes
 * into the click-to-chat link and the Cloud API message, in the sender's language.
 */
export interface OrderForText {
  farm_name: string;
  supplier_name: string;
  note: string | null;
  /** The day the order was made (YYYY-MM-DD or an instant). */
  ordered_on: string;
  items: { product_name: string; qty: number; unit: string }[];
}

const LABELS = {
  id: {
    title: 'Pesanan Pembelian',
    farm: 'Tambak',
    to: 'Kepada',
    date: 'Tanggal',
    note: 'Catatan',
    thanks: 'Terima kasih.',
  },
  en: { title: 'Purchase order', farm: 'Farm', to: 'To', date: 'Date', note: 'Notes', thanks: 'Thank you.' },
} satisfies Record<Language, Record<string, string>>;

export function purchaseOrderText(order: OrderForText, lang: Language): string {
  const l = LABELS[lang];
  const locale = lang === 'id' ? 'id-ID' : 'en-US';
  const lines = [
    `*${l.title}*`,
    `${l.farm}: ${order.farm_name}`,
    `${l.to}: ${order.supplier_name}`,
    `${l.date}: ${formatDate(order.ordered_on, lang, 'Asia/Jakarta')}`,
    '',
    ...order.items.map(
      (it, i) => `${i + 1}. ${it.product_name}: ${formatNumber(it.qty, 3, locale)} ${it.unit}`,
    ),
  ];
  if (order.note?.trim()) lines.push('', `${l.note}: ${order.note.trim()}`);
  lines.push('', l.thanks);
  return lines.join('\n');
}

/** Digits WhatsApp wants (international, no plus): "+628123…" → "628123…". */
export function whatsappDigits(e164: string): string {
  return e164.replace(/\D/g, '');
}

/** The click-to-chat link that opens WhatsApp with the order typed in. */
export function whatsappLink(e164: string, text: string): string {
  return `https://wa.me/${whatsappDigits(e164)}?text=${encodeURIComponent(text)}`;
}
