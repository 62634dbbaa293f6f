import './register-locales.ts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Card, Loading } from '#components/page';
import { useFetched } from '#components/use-fetched.ts';
import { api } from '#local/api-client';
import type { Product } from '#shared/contracts/warehouse';

/** Seed 000 §9 "pond overview product list: page 1, ordered by name ascending". */
export const POND_PRODUCT_QUERY = { page: 1, order_by: 'name', order: 'asc' } as const;

/**
 * The product list of the pond overview (the pond screen): the farm's catalogue (its own
 * products and the starter ones) as `GET /api/products` answers page 1 by name, A–Z; the
 * last answer shows offline.
 */
export function PondProducts({ farmId }: { farmId: string }) {
  const { t } = useTranslation('warehouse');
  const products = useFetched(`pond-products:${farmId}`, () =>
    api.get<{ items: Product[] }>('/products', { farm_id: farmId, ...POND_PRODUCT_QUERY }),
  );
  return (
    <Card
      title={t('pondProducts.title')}
      actions={
        <Link
          to={`/farm/${encodeURIComponent(farmId)}/warehouse`}
          className="button button--ghost button--small"
        >
          {t('pondProducts.more')}
        </Link>
      }
    >
      <p className="muted">{t('pondProducts.hint')}</p>
      {products.data ? (
        products.data.items.length === 0 ? (
          <p className="muted">{t('pondProducts.empty')}</p>
        ) : (
          <ul data-testid="pond-products">
            {products.data.items.map((p) => (
              <li key={p.product_id}>
                {p.product_name}{' '}
                <span className="muted">
                  · {p.category_name} · {p.unit}
                </span>
              </li>
            ))}
          </ul>
        )
      ) : products.error ? (
        <p className="muted">{t('pondProducts.offline')}</p>
      ) : (
        <Loading />
      )}
    </Card>
  );
}
