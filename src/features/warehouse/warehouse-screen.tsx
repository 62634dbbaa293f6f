import './register-locales.ts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { useFormat } from '#components/format';
import { Card, EmptyState, Loading, PageHeader } from '#components/page';
import type { Farm } from '#shared/contracts/farm';
import { ACTION } from '#shared/domain/permissions';
import { categoryKey } from '#shared/domain/warehouse';
import { AddItemCard } from './add-item-card.tsx';
import { arrange, type ShownItem, shownItems } from './stock-model.ts';
import { useItems, useMovements } from './warehouse-data.ts';
import './warehouse.css';

export function ItemRow({ shown, farmId }: { shown: ShownItem; farmId: string }) {
  const { t } = useTranslation('warehouse');
  const f = useFormat();
  const { item, qtyMilli, state } = shown;
  return (
    <li>
      <Link
        to="/farm/$farm_id/warehouse/$warehouse_id"
        params={{ farm_id: farmId, warehouse_id: item.warehouse_id }}
        className="wh-row"
        data-testid="warehouse-item"
      >
        <span>
          <span className="wh-row__name">{item.product_name}</span>
          {state !== 'ok' && (
            <span className={`wh-badge wh-badge--${state}`}>
              {state === 'negative' ? t('negative') : t('belowMinimum')}
            </span>
          )}
          {item._status !== 'synced' && <span className="wh-badge wh-badge--pending">{t('pending')}</span>}
          <br />
          <span className="wh-row__meta">
            {t(`category.${categoryKey(item.category_id)}`)} · {f.money(item.price)}/{item.unit}
          </span>
        </span>
        <span className="wh-row__qty" data-testid="warehouse-qty">
          {f.number(qtyMilli / 1000, 3)} {item.unit}
        </span>
      </Link>
    </li>
  );
}

function Warehouse({ farm }: { farm: Farm }) {
  const { t } = useTranslation('warehouse');
  const items = useItems(farm.farm_id);
  const movements = useMovements(farm.farm_id);
  const [adding, setAdding] = useState(false);
  const canAdd = can(farm, 'warehouse', ACTION.add);
  const farmPath = `/farm/${encodeURIComponent(farm.farm_id)}`;
  const view = items && movements ? arrange(shownItems(items, movements)) : null;
  return (
    <div className="narrow">
      <PageHeader title={t('title')} subtitle={farm.name} backTo={farmPath} />
      <nav className="wh-actions" aria-label={t('title')}>
        <Link
          to="/farm/$farm_id/feed/add"
          params={{ farm_id: farm.farm_id }}
          className="button button--primary"
        >
          {t('feedInput')}
        </Link>
        <Link
          to="/farm/$farm_id/use-item/add"
          params={{ farm_id: farm.farm_id }}
          className="button button--secondary"
        >
          {t('useInput')}
        </Link>
        <Link
          to="/farm/$farm_id/purchase-order"
          params={{ farm_id: farm.farm_id }}
          className="button button--secondary"
        >
          {t('purchaseOrder')}
        </Link>
        {canAdd && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setAdding((v) => !v)}
            aria-expanded={adding}
          >
            {t('addItem')}
          </button>
        )}
      </nav>
      {adding && <AddItemCard farmId={farm.farm_id} onDone={() => setAdding(false)} />}
      {!view ? (
        <Loading />
      ) : view.attention.length === 0 && view.categories.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <>
          {view.attention.length > 0 && (
            <Card title={t('belowMinimum')}>
              <ul className="wh-list" data-testid="warehouse-attention">
                {view.attention.map((s) => (
                  <ItemRow key={s.item.warehouse_id} shown={s} farmId={farm.farm_id} />
                ))}
              </ul>
            </Card>
          )}
          {view.categories.map((c) => (
            <Card key={c.categoryId} title={t(`category.${categoryKey(c.categoryId)}`)}>
              <ul className="wh-list">
                {c.items.map((s) => (
                  <ItemRow key={s.item.warehouse_id} shown={s} farmId={farm.farm_id} />
                ))}
              </ul>
            </Card>
          ))}
        </>
      )}
    </div>
  );
}

/** /farm/{farm_id}/warehouse: items by category (spec order), those needing stock first. */
export function WarehouseScreen() {
  return <FarmGate>{(farm) => <Warehouse farm={farm} />}</FarmGate>;
}
