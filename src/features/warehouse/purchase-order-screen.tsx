import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryForm } from '#components/entry-form';
import { can } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { useFormat } from '#components/format';
import { checkTyped, readTyped } from '#components/number-field';
import { Card, EmptyState, Loading, PageHeader } from '#components/page';
import { useToast } from '#components/toast';
import type { Local } from '#local/db';
import type { Farm } from '#shared/contracts/farm';
import type { Product, PurchaseOrder } from '#shared/contracts/warehouse';
import { enteredDayProblem } from '#shared/domain/calendar';
import { ACTION } from '#shared/domain/permissions';
import { normalizePhone } from '#shared/domain/phone';
import { MAX_QTY } from '#shared/domain/warehouse';
import { isLanguage } from '#shared/i18n/language';
import { Field, today } from './fields.tsx';
import { ProductPicker } from './product-picker.tsx';
import { createOrder, receiveOrder, sendOrder, usePurchaseOrders } from './warehouse-data.ts';
import './warehouse.css';

const PAGE = 20;

function NewOrder({ farm, onDone }: { farm: Farm; onDone: () => void }) {
  const { t } = useTranslation('warehouse');
  const toast = useToast();
  const [supplier, setSupplier] = useState('');
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<{ product: Product; qty: string }[]>([]);
  const [picked, setPicked] = useState<Product | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const e: Record<string, string> = {};
    if (!supplier.trim()) e.supplier = t('po.required');
    if (!normalizePhone(phone)) e.phone = t('po.needPhone');
    if (lines.length === 0) e.lines = t('po.needItems');
    lines.forEach((l, i) => {
      const q = checkTyped(t, l.qty, { required: true, min: 0.001, max: MAX_QTY });
      if (q.error) e[`qty.${i}`] = q.error;
    });
    setErrors(e);
    if (Object.keys(e).length > 0) return;
    await createOrder(farm.farm_id, {
      supplier_name: supplier,
      supplier_phone: phone,
      note: note.trim() || null,
      lines: lines.map((l) => ({
        product: l.product,
        qty: Math.round((readTyped(l.qty) ?? 0) * 1000) / 1000,
      })),
    });
    toast.success(t('saved'));
    onDone();
  };
  return (
    <Card title={t('po.new')}>
      <EntryForm
        onSubmit={(ev) => {
          ev.preventDefault();
          void submit();
        }}
        className="wh-form"
        data-testid="po-form"
      >
        <Field
          label={t('po.supplier')}
          value={supplier}
          maxLength={100}
          onChange={(e) => setSupplier(e.target.value)}
          error={errors.supplier}
        />
        <Field
          label={t('po.phone')}
          type="tel"
          inputMode="tel"
          value={phone}
          hint={t('po.phoneHint')}
          onChange={(e) => setPhone(e.target.value)}
          error={errors.phone}
        />
        <Field label={t('po.note')} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
        <fieldset className="po-lines">
          <legend className="field__label">{t('po.items')}</legend>
          {lines.map((l, i) => (
            <div className="po-line" key={l.product.product_id}>
              <span>
                {l.product.product_name} <span className="muted">({l.product.unit})</span>
              </span>
              <Field
                label={t('po.qty')}
                inputMode="decimal"
                value={l.qty}
                onChange={(e) => setLines(lines.map((x, j) => (j === i ? { ...x, qty: e.target.value } : x)))}
                error={errors[`qty.${i}`]}
              />
              <button
                type="button"
                className="button button--ghost-danger button--small"
                onClick={() => setLines(lines.filter((_, j) => j !== i))}
              >
                {t('po.removeLine')}
              </button>
            </div>
          ))}
          {errors.lines && <p className="field__error">{errors.lines}</p>}
          <ProductPicker farmId={farm.farm_id} value={picked} onChange={setPicked} />
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={!picked}
            onClick={() => {
              if (picked && !lines.some((l) => l.product.product_id === picked.product_id))
                setLines([...lines, { product: picked, qty: '' }]);
              setPicked(null);
            }}
          >
            {t('po.addLine')}
          </button>
        </fieldset>
        <button type="submit" className="button button--primary">
          {t('po.create')}
        </button>
      </EntryForm>
    </Card>
  );
}

function Receive({ order, onDone }: { order: Local<PurchaseOrder>; onDone: () => void }) {
  const { t } = useTranslation('warehouse');
  const toast = useToast();
  const [day, setDay] = useState(today());
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const e: Record<string, string> = {};
    const parsed: Record<string, number> = {};
    for (const it of order.items) {
      const p = checkTyped(t, prices[it.product_id] ?? '', { required: true, min: 0, integer: true });
      if (p.error || p.value === null) e[it.product_id] = p.error ?? t('common:validation.required');
      else parsed[it.product_id] = p.value;
    }
    const dayProblem = enteredDayProblem(day, today());
    if (dayProblem) e.day = t(`common:${dayProblem}`);
    setErrors(e);
    if (Object.keys(e).length > 0) return;
    await receiveOrder(order, { received_on: day, prices: parsed });
    toast.success(t('saved'));
    onDone();
  };
  return (
    <EntryForm
      onSubmit={(ev) => {
        ev.preventDefault();
        void submit();
      }}
      className="wh-form"
      data-testid="po-receive"
    >
      <Field
        label={t('po.receivedOn')}
        type="date"
        value={day}
        onChange={(e) => setDay(e.target.value)}
        error={errors.day}
      />
      {order.items.map((it) => (
        <Field
          key={it.product_id}
          label={`${it.product_name}: ${t('po.pricePaid', { unit: it.unit })}`}
          inputMode="numeric"
          value={prices[it.product_id] ?? ''}
          onChange={(e) => setPrices({ ...prices, [it.product_id]: e.target.value })}
          error={errors[it.product_id]}
        />
      ))}
      <button type="submit" className="button button--primary">
        {t('po.receiveSave')}
      </button>
    </EntryForm>
  );
}

function OrderCard({ order, farm, canAdd }: { order: Local<PurchaseOrder>; farm: Farm; canAdd: boolean }) {
  const { t, i18n } = useTranslation('warehouse');
  const f = useFormat();
  const toast = useToast();
  const [receiving, setReceiving] = useState(false);
  const send = async () => {
    const lang = isLanguage(i18n.language) ? i18n.language : 'id';
    const result = await sendOrder(order, farm.name, lang);
    if (result.channel === 'cloud-api') toast.success(t('po.sentCloud'));
    else window.open(result.url, '_blank', 'noopener');
  };
  return (
    <li className="card" data-testid="purchase-order">
      <div className="feed-pond__head">
        <h2 className="feed-pond__name">{order.supplier_name}</h2>
        <span className={`wh-badge ${order.status === 'received' ? '' : 'wh-badge--pending'}`}>
          {t(`po.status.${order.status}`)}
        </span>
      </div>
      <p className="muted">
        {f.date(order.created_at)} · {order.supplier_phone}
        {order._status !== 'synced' && ` · ${t('pending')}`}
      </p>
      <ul className="po-items">
        {order.items.map((it) => (
          <li key={it.product_id}>
            {it.product_name}: {f.number(it.qty, 3)} {it.unit}
            {it.price !== null && ` · ${f.money(it.price)}/${it.unit}`}
          </li>
        ))}
      </ul>
      {order.note && <p>{order.note}</p>}
      {canAdd && order.status !== 'received' && (
        <div className="wh-actions">
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => void send()}
            data-testid="po-send"
          >
            {t('po.send')}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            aria-expanded={receiving}
            onClick={() => setReceiving((v) => !v)}
          >
            {t('po.receive')}
          </button>
        </div>
      )}
      {receiving && <Receive order={order} onDone={() => setReceiving(false)} />}
    </li>
  );
}

function Orders({ farm }: { farm: Farm }) {
  const { t } = useTranslation('warehouse');
  const orders = usePurchaseOrders(farm.farm_id);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const canAdd = can(farm, 'warehouse', ACTION.add);
  return (
    <div className="narrow">
      <PageHeader
        title={t('po.title')}
        subtitle={farm.name}
        backTo={`/farm/${encodeURIComponent(farm.farm_id)}/warehouse`}
      />
      {canAdd && (
        <div className="wh-actions">
          <button
            type="button"
            className="button button--primary"
            aria-expanded={creating}
            onClick={() => setCreating((v) => !v)}
          >
            {t('po.new')}
          </button>
        </div>
      )}
      {creating && <NewOrder farm={farm} onDone={() => setCreating(false)} />}
      {!orders ? (
        <Loading />
      ) : orders.length === 0 ? (
        <EmptyState title={t('po.none')} />
      ) : (
        <>
          <ul className="wh-list">
            {orders.slice(0, shown).map((o) => (
              <OrderCard key={o.id} order={o} farm={farm} canAdd={canAdd} />
            ))}
          </ul>
          {orders.length > shown && (
            <button type="button" className="button button--secondary" onClick={() => setShown(shown + PAGE)}>
              {t('po.more')}
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** /farm/{farm_id}/purchase-order: orders (20 a page), a new order, WhatsApp sending and receiving. */
export function PurchaseOrderScreen() {
  return <FarmGate>{(farm) => <Orders farm={farm} />}</FarmGate>;
}
