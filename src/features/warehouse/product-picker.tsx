import './register-locales.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '#shared/contracts/warehouse';
import { Field } from './fields.tsx';
import { searchProducts } from './warehouse-data.ts';

/** Searches the catalogue (online) and picks one product. */
export function ProductPicker({
  farmId,
  value,
  onChange,
  error,
  label,
}: {
  farmId: string;
  value: Product | null;
  onChange: (p: Product | null) => void;
  error?: string;
  label?: string;
}) {
  const { t } = useTranslation('warehouse');
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<Product[] | null>(null);
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      searchProducts(farmId, search)
        .then((page) => {
          if (!live) return;
          setResults(page.items);
          setOffline(false);
        })
        .catch(() => live && setOffline(true));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [farmId, search]);
  return (
    <div>
      <Field
        label={label ?? t('searchProduct')}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        error={error}
        hint={value ? `${t('product')}: ${value.product_name}` : undefined}
      />
      {offline ? (
        <p className="muted">{t('po.offlineCatalogue')}</p>
      ) : results && results.length === 0 ? (
        <p className="muted">{t('po.noProducts')}</p>
      ) : (
        results && (
          <ul className="wh-results" aria-label={t('product')}>
            {results.map((p) => (
              <li key={p.product_id}>
                <button
                  type="button"
                  aria-pressed={value?.product_id === p.product_id}
                  onClick={() => onChange(p)}
                >
                  {p.product_name}{' '}
                  <span className="muted">
                    · {p.category_name} · {p.unit}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      )}
    </div>
  );
}
