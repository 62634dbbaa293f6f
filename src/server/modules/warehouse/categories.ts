import { type CategoryKey, WAREHOUSE_CATEGORIES } from '#shared/domain/warehouse';
import type { Language } from '#shared/i18n/language';
import { WAREHOUSE_LABELS } from '#shared/i18n/warehouse-labels';

export function categoryName(key: CategoryKey, lang: Language): string {
  return WAREHOUSE_LABELS[lang].category[key];
}

/** `GET /api/category`: the spec's order. */
export function categories(lang: Language) {
  return WAREHOUSE_CATEGORIES.map((c) => ({ category_id: c.id, category_name: categoryName(c.key, lang) }));
}
