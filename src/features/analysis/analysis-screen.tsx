import './register-locales.ts';
import './analysis.css';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePonds } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { useFormat } from '#components/format';
import { EmptyState, Loading, PageHeader } from '#components/page';
import { pondAction } from '#components/pond-access.ts';
import { Tabs } from '#components/tabs';
import { WhenInput } from '#components/when-input';
import { deviceToday } from '#local/day-coverage';
import type { Farm } from '#shared/contracts/farm';
import { ACTION } from '#shared/domain/permissions';
import {
  ANALYSIS_TABS,
  type AnalysisState,
  type AnalysisTab,
  livePonds,
  loadState,
  PRODUCT_MODES,
  type ProductMode,
  saveState,
  WATER_KIND_CHOICES,
  type WaterKindChoice,
} from './analysis-state.ts';
import { AncoView, ProductsView, SamplingView, StatusView, WaterView } from './analysis-views.tsx';

function PondPicker({
  ponds,
  chosen,
  onChange,
}: {
  ponds: { pond_id: string; name: string }[];
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation('analysis');
  const summary =
    chosen.length === 0
      ? t('filters.allPonds', { count: ponds.length })
      : t('filters.somePonds', { count: chosen.length });
  return (
    <details className="analysis-ponds">
      <summary className="field__input" data-testid="analysis-ponds-summary">
        {summary}
      </summary>
      <div className="analysis-ponds__list">
        {chosen.length > 0 && (
          <button type="button" className="button button--ghost button--small" onClick={() => onChange([])}>
            {t('filters.showAll')}
          </button>
        )}
        {ponds.map((p) => (
          <label key={p.pond_id} className="analysis-check">
            <input
              type="checkbox"
              checked={chosen.includes(p.pond_id)}
              onChange={(e) =>
                onChange(e.target.checked ? [...chosen, p.pond_id] : chosen.filter((id) => id !== p.pond_id))
              }
            />
            {p.name}
          </label>
        ))}
      </div>
    </details>
  );
}

function AnalysisBody({ farm }: { farm: Farm }) {
  const { t } = useTranslation('analysis');
  const format = useFormat();
  const today = deviceToday();
  const [state, setState] = useState<AnalysisState>(() => loadState(farm.farm_id, today));
  const ponds = usePonds(farm.farm_id);
  useEffect(() => saveState(farm.farm_id, state), [farm.farm_id, state]);
  const set = (patch: Partial<AnalysisState>) => setState((s) => ({ ...s, ...patch }));

  const visible = useMemo(
    () => (ponds.data ?? []).filter((p) => pondAction(farm, p, 'pond') >= ACTION.view),
    [ponds.data, farm],
  );
  const chosen = livePonds(
    state.ponds,
    visible.map((p) => p.pond_id),
  );
  const pondsParam = chosen.join(',');
  const query = useMemo(
    () => ({
      farm_id: farm.farm_id,
      start_date: state.date,
      ...(pondsParam ? { ponds: pondsParam } : {}),
    }),
    [farm.farm_id, state.date, pondsParam],
  );

  const header = (
    <PageHeader
      title={t('title')}
      subtitle={t('subtitle', { farm: farm.name, date: format.date(state.date) })}
      backTo={`/farm/${encodeURIComponent(farm.farm_id)}`}
    />
  );
  if (!ponds.data)
    return (
      <div className="stack">
        {header}
        <Loading />
      </div>
    );

  const panel: Record<AnalysisTab, () => React.ReactNode> = {
    status: () => <StatusView query={query} />,
    water: () => <WaterView query={query} kind={state.kind} />,
    anco: () => <AncoView query={query} />,
    sampling: () => <SamplingView query={query} />,
    products: () => <ProductsView query={query} mode={state.productMode} feedOnly={state.feedOnly} />,
  };

  return (
    <div className="stack analysis">
      {header}
      <fieldset className="analysis__filters card">
        <legend className="visually-hidden">{t('filters.label')}</legend>
        <div className="field">
          <label className="field__label" htmlFor="analysis-date">
            {t('filters.date')}
          </label>
          <WhenInput
            id="analysis-date"
            type="date"
            className="field__input"
            value={state.date}
            max={today}
            onChange={(e) => e.target.value && e.target.value <= today && set({ date: e.target.value })}
          />
        </div>
        <div className="field">
          <span className="field__label">{t('filters.ponds')}</span>
          <PondPicker ponds={visible} chosen={chosen} onChange={(ids) => set({ ponds: ids })} />
        </div>
        {state.tab === 'water' && (
          <div className="field">
            <label className="field__label" htmlFor="analysis-kind">
              {t('filters.kind')}
            </label>
            <select
              id="analysis-kind"
              className="field__input"
              value={state.kind}
              onChange={(e) => set({ kind: e.target.value as WaterKindChoice })}
            >
              {WATER_KIND_CHOICES.map((k) => (
                <option key={k} value={k}>
                  {t(`kinds.${k}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        {state.tab === 'products' && (
          <>
            <div className="field">
              <label className="field__label" htmlFor="analysis-product-mode">
                {t('products.modeLabel')}
              </label>
              <select
                id="analysis-product-mode"
                className="field__input"
                value={state.productMode}
                onChange={(e) => set({ productMode: e.target.value as ProductMode })}
              >
                {PRODUCT_MODES.map((m) => (
                  <option key={m} value={m}>
                    {t(`products.${m}`)}
                  </option>
                ))}
              </select>
            </div>
            {state.productMode === 'cumulative' && (
              <label className="analysis-check analysis-check--field">
                <input
                  type="checkbox"
                  checked={state.feedOnly}
                  onChange={(e) => set({ feedOnly: e.target.checked })}
                />
                {t('products.feedOnly')}
              </label>
            )}
          </>
        )}
      </fieldset>
      <div className="analysis__bar">
        <p className="muted analysis__note">{t('remembered')}</p>
        <Link
          to={`/farm/${encodeURIComponent(farm.farm_id)}/comparison`}
          className="button button--secondary"
        >
          {t('compare')}
        </Link>
      </div>
      {visible.length === 0 ? (
        <EmptyState title={t('noPonds')} />
      ) : (
        <Tabs
          label={t('tabsLabel')}
          items={ANALYSIS_TABS.map((key) => ({ key, label: t(`tabs.${key}`) }))}
          value={state.tab}
          onChange={(tab) => set({ tab })}
        >
          {panel[state.tab]()}
        </Tabs>
      )}
    </div>
  );
}

/** /farm/{farm_id}/analysis: the farm's figures of one day, per pond (issue 17 point 3). */
export function AnalysisScreen() {
  return <FarmGate>{(farm) => <AnalysisBody farm={farm} />}</FarmGate>;
}
