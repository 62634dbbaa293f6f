import './register-locales.ts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#components/format';
import { useOnlineRead } from '#components/use-online-read.ts';
import type {
  AncoAnalysisRow,
  CumulativeAnalysisRow,
  ProductAnalysisRow,
  ProductFigure,
  ShrimpAnalysisRow,
  StandardAnalysisRow,
  StatusAnalysisRow,
  WaterAnalysisRow,
  WeeklyAnalysisRow,
} from '#shared/contracts/analysis';
import { formatRupiahText } from '#shared/domain/format';
import type { WaterKind } from '#shared/domain/water-fields';
import { statusSummary, waterGrid } from './analysis-model.ts';
import { ReadState } from './analysis-read.tsx';
import type { ProductMode } from './analysis-state.ts';

type Query = Record<string, string>;

function PondCard({ name, extra, children }: { name: string; extra?: string; children: React.ReactNode }) {
  return (
    <section className="card analysis-pond" data-testid="analysis-pond">
      <header className="analysis-pond__head">
        <h3 className="analysis-pond__name">{name}</h3>
        {extra && <span className="badge">{extra}</span>}
      </header>
      {children}
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="analysis-figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

export function StatusView({ query }: { query: Query }) {
  const { t, i18n } = useTranslation('analysis');
  const format = useFormat();
  const read = useOnlineRead<StatusAnalysisRow>('/farm/status', { ...query, lang: i18n.language });
  return (
    <ReadState read={read}>
      {(rows) => (
        <>
          <p className="analysis-summary" role="status" data-testid="analysis-status-summary">
            {t('status.summary', statusSummary(rows))}
          </p>
          <div className="analysis-grid">
            {rows.map((r) => (
              <PondCard
                key={r.pond_id}
                name={r.pond_name}
                extra={r.doc === null ? t('noCycle') : t('doc', { doc: r.doc })}
              >
                <p className={`analysis-status analysis-status--${r.status}`} data-testid="analysis-status">
                  {r.status_label}
                </p>
                <dl className="analysis-figures">
                  <Figure
                    label={t('status.water')}
                    value={['morning', 'afternoon', 'evening']
                      .map((slot) => `${t(`timeOfDay.${slot}`)} ${r.water_slots.includes(slot) ? '✓' : '–'}`)
                      .join(' · ')}
                  />
                  <Figure
                    label={t('status.feed')}
                    value={`${format.number(r.feed_kg, 3)} kg`}
                    testId="analysis-feed-kg"
                  />
                  <Figure label={t('status.anco')} value={t('status.checks', { count: r.anco_checks })} />
                  <Figure label={t('status.sampled')} value={r.sampled ? t('status.yes') : t('status.no')} />
                  <Figure label={t('status.out')} value={String(r.out_of_standard)} testId="analysis-out" />
                </dl>
              </PondCard>
            ))}
          </div>
        </>
      )}
    </ReadState>
  );
}

function StandardList({ query }: { query: Query }) {
  const { t } = useTranslation('analysis');
  const format = useFormat();
  const read = useOnlineRead<StandardAnalysisRow>('/farm/water/standar', query);
  return (
    <ReadState read={read} empty={() => false}>
      {(rows) => {
        const out = rows.filter((r) => r.out.length > 0);
        return (
          <section className="card" data-testid="analysis-standard">
            <h2 className="card__title">{t('water.standardTitle')}</h2>
            {out.length === 0 ? (
              <p className="muted">{t('water.standardNone')}</p>
            ) : (
              <ul className="analysis-out-list">
                {out.map((r) => {
                  const unit = r.unit ? t(`units.${r.unit}`, { defaultValue: r.unit }) : '';
                  const range =
                    r.min !== null && r.max !== null
                      ? `${format.number(r.min)}–${format.number(r.max)}`
                      : r.min !== null
                        ? `≥ ${format.number(r.min)}`
                        : `≤ ${format.number(r.max ?? 0)}`;
                  return (
                    <li key={r.parameter}>
                      <strong>{t(`fields.${r.parameter}`)}</strong>{' '}
                      <span className="muted">
                        {t('water.standardRange', { range: `${range} ${unit}`.trim() })} ·{' '}
                        {t('water.readings', { count: r.readings })}
                      </span>
                      <ul>
                        {r.out.map((o) => (
                          <li key={`${o.pond_id}-${o.time}`} data-testid="analysis-out-item">
                            {o.pond_name} · {t(`timeOfDay.${o.time_of_day}`)} {o.time}:{' '}
                            <strong className="analysis-bad">
                              {format.number(o.value)} {unit}{' '}
                              {o.status === 'low' ? `▼ ${t('water.low')}` : `▲ ${t('water.high')}`}
                            </strong>
                          </li>
                        ))}
                      </ul>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      }}
    </ReadState>
  );
}

export function WaterView({ query, kind }: { query: Query; kind: WaterKind }) {
  const { t } = useTranslation('analysis');
  const format = useFormat();
  const read = useOnlineRead<WaterAnalysisRow>('/farm/water', { ...query, kind });
  return (
    <>
      <StandardList query={query} />
      <ReadState read={read}>
        {(rows) => (
          <div className="analysis-grid analysis-grid--wide">
            {rows.map((row) => {
              const grid = waterGrid(row, kind);
              return (
                <PondCard key={row.pond_id} name={row.pond_name}>
                  {grid.columns.length === 0 || grid.rows.length === 0 ? (
                    <p className="muted">{t('water.noReadings')}</p>
                  ) : (
                    <div className="analysis-scroll">
                      <table className="analysis-table" data-testid="analysis-water-table">
                        <thead>
                          <tr>
                            <th scope="col">{t('water.parameter')}</th>
                            {grid.columns.map((c, i) => (
                              // biome-ignore lint/suspicious/noArrayIndexKey: two readings may share a time
                              <th scope="col" key={i}>
                                {t(`timeOfDay.${c.slot}`)} {c.time}
                              </th>
                            ))}
                          </tr>
                        </thead>
                        <tbody>
                          {grid.rows.map((r) => (
                            <tr key={r.parameter} data-parameter={r.parameter}>
                              <th scope="row">{t(`fields.${r.parameter}`)}</th>
                              {r.values.map((v, i) => (
                                // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the columns
                                <td key={i} title={v === null ? t('water.notMeasured') : undefined}>
                                  {v === null ? '–' : format.number(v, 3)}
                                </td>
                              ))}
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  )}
                </PondCard>
              );
            })}
          </div>
        )}
      </ReadState>
    </>
  );
}

export function AncoView({ query }: { query: Query }) {
  const { t } = useTranslation('analysis');
  const read = useOnlineRead<AncoAnalysisRow>('/farm/anco', query);
  return (
    <ReadState read={read}>
      {(rows) => (
        <div className="analysis-grid">
          {rows.map((r) => (
            <PondCard key={r.pond_id} name={r.pond_name}>
              {r.checks.length === 0 ? (
                <p className="muted">{t('anco.none')}</p>
              ) : (
                <ul className="analysis-list">
                  {r.checks.map((c) => (
                    <li key={`${c.feeding_time}-${c.checked_at}`} data-testid="analysis-anco-check">
                      <strong>{t('anco.feeding', { n: c.feeding_time, time: c.checked_at })}</strong>
                      <span>
                        {t('anco.counts', { habis: c.habis, sedikit: c.sisa_sedikit, banyak: c.sisa_banyak })}
                      </span>
                      <span
                        className={`badge${c.advice === 'cut' ? ' analysis-badge--warn' : ' badge--primary'}`}
                      >
                        {t(`anco.advice.${c.advice}`)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </PondCard>
          ))}
        </div>
      )}
    </ReadState>
  );
}

export function SamplingView({ query }: { query: Query }) {
  const { t } = useTranslation('analysis');
  const format = useFormat();
  const read = useOnlineRead<ShrimpAnalysisRow>('/shrimData', query);
  const n = (v: number | null, decimals = 2) => (v === null ? '–' : format.number(v, decimals));
  return (
    <ReadState read={read}>
      {(rows) => (
        <div className="analysis-grid">
          {rows.map((r) => (
            <PondCard
              key={r.pond_id}
              name={r.pond_name}
              extra={r.doc === null ? t('noCycle') : t('doc', { doc: r.doc })}
            >
              {r.cycle_id === null ? null : r.sampling === null ? (
                <p className="muted">{t('sampling.none')}</p>
              ) : (
                <>
                  <p className="muted">{t('sampling.last', { date: format.date(r.sampling.day) })}</p>
                  <dl className="analysis-figures">
                    <Figure
                      label={t('sampling.abw')}
                      value={t('sampling.grams', { value: n(r.sampling.abw) })}
                      testId="analysis-abw"
                    />
                    <Figure
                      label={t('sampling.adg')}
                      value={t('sampling.gramsDay', { value: n(r.sampling.adg, 3) })}
                    />
                    <Figure
                      label={t('sampling.size')}
                      value={t('sampling.perKg', { value: n(r.sampling.size, 0) })}
                    />
                  </dl>
                </>
              )}
              {r.cycle_id !== null && (
                <dl className="analysis-figures">
                  <Figure
                    label={t('sampling.deaths')}
                    value={t('sampling.pcs', { value: format.number(r.deaths, 0) })}
                  />
                  <Figure
                    label={t('sampling.harvest')}
                    value={t('sampling.kg', { value: format.number(r.harvest_kg, 3) })}
                  />
                </dl>
              )}
            </PondCard>
          ))}
        </div>
      )}
    </ReadState>
  );
}

function ProductLines({ products }: { products: ProductFigure[] }) {
  const { t, i18n } = useTranslation('analysis');
  const format = useFormat();
  if (products.length === 0) return <p className="muted">{t('products.none')}</p>;
  return (
    <ul className="analysis-list">
      {products.map((p) => (
        <li key={`${p.product_id}-${p.unit}`} data-testid="analysis-product">
          <strong>{i18n.language === 'en' ? p.name_en : p.name_id}</strong>
          <span>
            {format.number(p.qty, 3)} {p.unit} · {formatRupiahText(p.value)}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function ProductsView({
  query,
  mode,
  feedOnly,
}: {
  query: Query;
  mode: ProductMode;
  feedOnly: boolean;
}) {
  const { t, i18n } = useTranslation('analysis');
  const format = useFormat();
  const dayRead = useOnlineRead<ProductAnalysisRow>('/farm/product', mode === 'day' ? query : null);
  const cumRead = useOnlineRead<CumulativeAnalysisRow>(
    '/farm/product/cumulative',
    mode === 'cumulative' ? { ...query, ...(feedOnly ? { category_ids: '5' } : {}) } : null,
  );
  const weekRead = useOnlineRead<WeeklyAnalysisRow>('/farm/product/weekly', mode === 'weekly' ? query : null);
  if (mode === 'day')
    return (
      <ReadState read={dayRead}>
        {(rows) => (
          <div className="analysis-grid">
            {rows.map((r) => (
              <PondCard
                key={r.pond_id}
                name={r.pond_name}
                extra={t('products.total', { value: formatRupiahText(r.total_value) })}
              >
                <ProductLines products={r.products} />
              </PondCard>
            ))}
          </div>
        )}
      </ReadState>
    );
  if (mode === 'cumulative')
    return (
      <ReadState read={cumRead}>
        {(rows) => (
          <div className="analysis-grid">
            {rows.map((r) => (
              <PondCard
                key={r.pond_id}
                name={r.pond_name}
                extra={t('products.total', { value: formatRupiahText(r.total_value) })}
              >
                {r.cycle_start === null ? (
                  <p className="muted">{t('noCycle')}</p>
                ) : (
                  <>
                    <p className="muted">{t('products.since', { date: format.date(r.cycle_start) })}</p>
                    <ProductLines products={r.products} />
                  </>
                )}
              </PondCard>
            ))}
          </div>
        )}
      </ReadState>
    );
  return (
    <ReadState read={weekRead}>
      {(rows) => (
        <div className="analysis-grid">
          {rows.map((r) => (
            <PondCard key={r.pond_id} name={r.pond_name}>
              {r.products.length === 0 ? (
                <p className="muted">{t('products.none')}</p>
              ) : (
                <div className="analysis-scroll">
                  <table className="analysis-table" data-testid="analysis-weekly-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('products.product')}</th>
                        {r.days.map((d) => (
                          <th scope="col" key={d}>
                            {format.date(d).slice(0, 6)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {r.products.map((p) => (
                        <tr key={`${p.product_id}-${p.unit}`}>
                          <th scope="row">
                            {i18n.language === 'en' ? p.name_en : p.name_id} ({p.unit})
                          </th>
                          {p.qty_by_day.map((q, i) => (
                            <td key={r.days[i]}>{q === 0 ? '–' : format.number(q, 3)}</td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </PondCard>
          ))}
        </div>
      )}
    </ReadState>
  );
}
