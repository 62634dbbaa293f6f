import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryForm } from '#components/entry-form';
import { checkTyped } from '#components/number-field';
import { Card } from '#components/page';
import { useToast } from '#components/toast';
import type { Product } from '#shared/contracts/warehouse';
import { Field } from './fields.tsx';
import { ProductPicker } from './product-picker.tsx';
import { createItem } from './warehouse-data.ts';

/** Adds a catalogue product to the farm's warehouse with its minimum stock and price. */
export function AddItemCard({ farmId, onDone }: { farmId: string; onDone: () => void }) {
  const { t } = useTranslation('warehouse');
  const toast = useToast();
  const [product, setProduct] = useState<Product | null>(null);
  const [min, setMin] = useState('');
  const [price, setPrice] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const e: Record<string, string> = {};
    const minimum = checkTyped(t, min, { min: 0 });
    const rp = checkTyped(t, price, { min: 0, integer: true });
    if (!product) e.product = t('po.required');
    if (minimum.error) e.min = minimum.error;
    if (rp.error) e.price = rp.error;
    setErrors(e);
    if (Object.keys(e).length > 0 || !product) return;
    await createItem(farmId, product, {
      minimum_stock: Math.round((minimum.value ?? 0) * 1000) / 1000,
      price: rp.value ?? 0,
    });
    toast.success(t('saved'));
    onDone();
  };
  return (
    <Card title={t('addItem')}>
      <EntryForm
        onSubmit={(ev) => {
          ev.preventDefault();
          void submit();
        }}
        className="wh-form"
      >
        <ProductPicker
          farmId={farmId}
          value={product}
          onChange={(p) => {
            setProduct(p);
            setErrors({});
          }}
          error={errors.product}
        />
        <div className="wh-form__row">
          <Field
            label={t('minimum')}
            inputMode="decimal"
            value={min}
            onChange={(ev) => setMin(ev.target.value)}
            error={errors.min}
          />
          <Field
            label={t('price')}
            inputMode="numeric"
            value={price}
            onChange={(ev) => setPrice(ev.target.value)}
            error={errors.price}
          />
        </div>
        <button type="submit" className="button button--primary">
          {t('create')}
        </button>
      </EntryForm>
    </Card>
  );
}
