import './register-locales.ts';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryForm } from '#components/entry-form';
import { can, usePonds } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { useFormat } from '#components/format';
import { checkTyped, typingLanguage } from '#components/number-field';
import { Card, EmptyState, Loading, PageHeader } from '#components/page';
import { useToast } from '#components/toast';
import type { Local } from '#local/db';
import type { Farm } from '#shared/contracts/farm';
import type { Movement, WarehouseItem } from '#shared/contracts/warehouse';
import { enteredDayProblem } from '#shared/domain/calendar';
import { numberForInput } from '#shared/domain/number-input';
import { ACTION } from '#shared/domain/permissions';
import { categoryKey, MAX_QTY } from '#shared/domain/warehouse';
import { Field, today } from './fields.tsx';
import { shownItems } from './stock-model.ts';
import { addMovement, deleteMovement, updateItem, useItems, useMovements } from './warehouse-data.ts';
import './warehouse.css';

function MovementForm({
  item,
  kind,
  stockMilli,
}: {
  item: Local<WarehouseItem>;
  kind: 'store' | 'remove';
  stockMilli: number;
}) {
  const { t } = useTranslation('warehouse');
  const format = useFormat();
  const toast = useToast();
  const [qty, setQty] = useState('');
  const [price, setPrice] = useState('');
  const [day, setDay] = useState(today());
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const e: Record<string, string> = {};
    const typedQty = checkTyped(t, qty, { required: true, min: 0.001, max: MAX_QTY });
    const typedPrice = checkTyped(t, price, { min: 0, integer: true });
    const q = typedQty.value ?? 0;
    const rp = typedPrice.value ?? undefined;
    if (typedQty.error) e.qty = typedQty.error;
    else if (kind === 'remove' && Math.round(q * 1000) > stockMilli)
      e.qty = t('common:validation.beyond-stock', { stock: format.number(stockMilli / 1000, 3) });
    if (typedPrice.error) e.price = typedPrice.error;
    const dayProblem = enteredDayProblem(day, today());
    if (dayProblem) e.day = t(`common:${dayProblem}`);
    setErrors(e);
    if (Object.keys(e).length > 0) return;
    await addMovement(item, kind, {
      qty: Math.round(q * 1000) / 1000,
      price: rp,
      used_on: day,
      note: note.trim() || null,
    });
    setQty('');
    setPrice('');
    setNote('');
    toast.success(t('saved'));
  };
  return (
    <details className="card wh-fold" open={kind === 'store'}>
      <summary>{kind === 'store' ? t('restock') : t('removal')}</summary>
      <EntryForm
        onSubmit={(ev) => {
          ev.preventDefault();
          void submit();
        }}
        className="wh-form"
        data-testid={`${kind}-form`}
      >
        <div className="wh-form__row">
          <Field
            label={t('quantity', { unit: item.unit })}
            name="qty"
            inputMode="decimal"
            value={qty}
            onChange={(e) => setQty(e.target.value)}
            error={errors.qty}
          />
          {kind === 'store' && (
            <Field
              label={t('price')}
              name="price"
              inputMode="numeric"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              error={errors.price}
            />
          )}
          <Field
            label={t('date')}
            type="date"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            error={errors.day}
          />
        </div>
        <Field label={t('note')} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        <button type="submit" className="button button--primary">
          {t('save')}
        </button>
      </EntryForm>
    </details>
  );
}

function Settings({ item }: { item: Local<WarehouseItem> }) {
  const { t } = useTranslation('warehouse');
  const toast = useToast();
  const [min, setMin] = useState(() => numberForInput(item.minimum_stock, typingLanguage()));
  const [price, setPrice] = useState(() => numberForInput(item.price, typingLanguage()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const typedMin = checkTyped(t, min, { required: true, min: 0, max: MAX_QTY });
    const typedPrice = checkTyped(t, price, { required: true, min: 0, integer: true });
    const e: Record<string, string> = {};
    if (typedMin.error) e.min = typedMin.error;
    if (typedPrice.error) e.price = typedPrice.error;
    setErrors(e);
    if (Object.keys(e).length > 0) return;
    await updateItem(item.warehouse_id, {
      minimum_stock: Math.round((typedMin.value ?? 0) * 1000) / 1000,
      price: typedPrice.value ?? 0,
    });
    toast.success(t('saved'));
  };
  return (
    <EntryForm
      onSubmit={(ev) => {
        ev.preventDefault();
        void submit();
      }}
      className="wh-form"
    >
      <div className="wh-form__row">
        <Field
          label={t('minimum')}
          inputMode="decimal"
          value={min}
          onChange={(e) => setMin(e.target.value)}
          error={errors.min}
        />
        <Field
          label={t('price')}
          inputMode="numeric"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={errors.price}
        />
      </div>
      <button type="submit" className="button button--secondary">
        {t('save')}
      </button>
    </EntryForm>
  );
}

function MovementRow({
  m,
  pondName,
  unit,
  canEdit,
}: {
  m: Local<Movement>;
  pondName?: string;
  unit: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation('warehouse');
  const f = useFormat();
  return (
    <li className="wh-row" data-testid="movement">
      <span>
        <span className="wh-row__name">{t(`kind.${m.kind}`)}</span>
        {m._status === 'pending' && <span className="wh-badge wh-badge--pending">{t('pending')}</span>}
        {m._status === 'failed' && (
          <span className="wh-badge wh-badge--failed" title={m._error?.message}>
            {t('failed')}
          </span>
        )}
        <br />
        <span className="wh-row__meta">
          {f.date(m.used_on)}
          {m.time ? ` ${m.time}` : ''}
          {pondName ? ` · ${t('usedIn', { pond: pondName })}` : ''}
          {m.value ? ` · ${f.money(m.value)}` : ''}
          {m.note ? ` · ${m.note}` : ''}
        </span>
      </span>
      <span className="wh-row__qty">
        {m.kind === 'store' ? '+' : '−'}
        {f.number(m.qty, 3)} {unit}
        {canEdit && (
          <>
            <br />
            <button
              type="button"
              className="button button--ghost-danger button--small"
              onClick={() => {
                if (window.confirm(t('confirmDelete'))) void deleteMovement(m);
              }}
            >
              {t('deleteMovement')}
            </button>
          </>
        )}
      </span>
    </li>
  );
}

function Item({ farm, warehouseId }: { farm: Farm; warehouseId: string }) {
  const { t } = useTranslation('warehouse');
  const f = useFormat();
  const items = useItems(farm.farm_id);
  const movements = useMovements(farm.farm_id);
  const ponds = usePonds(farm.farm_id);
  const back = `/farm/${encodeURIComponent(farm.farm_id)}/warehouse`;
  if (!items || !movements) return <Loading />;
  const item = items.find((i) => i.warehouse_id === warehouseId);
  if (!item)
    return (
      <div className="narrow">
        <PageHeader title={t('itemTitle')} backTo={back} />
        <EmptyState title={t('common:error.not-found')} />
      </div>
    );
  const own = movements.filter((m) => m.warehouse_id === warehouseId);
  const [shown] = shownItems([item], own);
  const pondName = new Map((ponds.data ?? []).map((p) => [p.pond_id, p.name]));
  const canAdd = can(farm, 'warehouse', ACTION.add);
  const canEdit = can(farm, 'warehouse', ACTION.edit);
  const list = [...own].sort(
    (a, b) =>
      b.used_on.localeCompare(a.used_on) ||
      (b.time ?? '').localeCompare(a.time ?? '') ||
      b.id.localeCompare(a.id),
  );
  const cost = own.filter((m) => m.kind === 'use').reduce((sum, m) => sum + m.value, 0);
  return (
    <div className="narrow">
      <PageHeader
        title={item.product_name}
        subtitle={t(`category.${categoryKey(item.category_id)}`)}
        backTo={back}
      />
      <Card>
        <dl className="wh-summary">
          <div>
            <dt>{t('stock')}</dt>
            <dd data-testid="item-stock">
              {f.number(shown.qtyMilli / 1000, 3)} {item.unit}
              {shown.state !== 'ok' && (
                <span className={`wh-badge wh-badge--${shown.state}`}>
                  {shown.state === 'negative' ? t('negative') : t('belowMinimum')}
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('minimum')}</dt>
            <dd>
              {f.number(item.minimum_stock, 3)} {item.unit}
            </dd>
          </div>
          <div>
            <dt>{t('priceShort')}</dt>
            <dd>
              {f.money(item.price)}/{item.unit}
            </dd>
          </div>
          <div>
            <dt>{t('usageCost')}</dt>
            <dd data-testid="item-usage-cost">{f.money(cost)}</dd>
          </div>
        </dl>
        {shown.state === 'negative' && <p className="notice">{t('negativeHint')}</p>}
        {canEdit && <Settings item={item} />}
      </Card>
      {canAdd && <MovementForm item={item} kind="store" stockMilli={shown.qtyMilli} />}
      {canAdd && <MovementForm item={item} kind="remove" stockMilli={shown.qtyMilli} />}
      <Card title={t('movements')}>
        {list.length === 0 ? (
          <p className="muted">{t('noMovements')}</p>
        ) : (
          <ul className="wh-list">
            {list.map((m) => (
              <MovementRow
                key={m.id}
                m={m}
                unit={item.unit}
                pondName={m.pond_id ? pondName.get(m.pond_id) : undefined}
                canEdit={canEdit}
              />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function ItemRoute({ farm }: { farm: Farm }) {
  const params = useParams({ strict: false }) as { warehouse_id?: string };
  return <Item farm={farm} warehouseId={params.warehouse_id ?? ''} />;
}

/** /farm/{farm_id}/warehouse/{warehouse_id}: one item, restock, removal and its movements. */
export function ItemScreen() {
  return <FarmGate>{(farm) => <ItemRoute farm={farm} />}</FarmGate>;
}
