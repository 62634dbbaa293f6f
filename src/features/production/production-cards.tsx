import './register-locales.ts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { useFormat } from '#components/format';
import { PlusIcon } from '#components/icons';
import { Card } from '#components/page';
import { PhotoPicker } from '#components/photo-picker';
import { pondAction, recordRight } from '#components/pond-access.ts';
import { RecordStatus } from '#components/record-status';
import { ShowMore, useFirst } from '#components/show-more';
import { useToast } from '#components/toast';
import { useRecordPhotos } from '#components/use-record-photos.ts';
import { getDb, type Local, type TambakDb } from '#local/db';
import type { Death } from '#shared/contracts/death';
import type { Farm, Pond } from '#shared/contracts/farm';
import type { Harvest } from '#shared/contracts/harvest';
import type { Stock } from '#shared/contracts/stock';
import { doc } from '#shared/domain/figures';
import { ACTION, type Feature } from '#shared/domain/permissions';
import {
  deathRepo,
  harvestRepo,
  type PondProduction,
  stockRepo,
  usePondProduction,
} from './production-data.ts';
import { farmDay, isClosed } from './production-model.ts';
import './production.css';

export interface PondRecordsProps {
  farm: Farm;
  pond: Pond;
  userId: string | undefined;
  db?: TambakDb;
}

/** A refused record's field reasons (the badge says it failed; this says why, in the server's words). */
function FailedReasons({ row }: { row: Local<Stock> | Local<Harvest> | Local<Death> }) {
  if (row._status !== 'failed' || !row._error?.fields) return null;
  const messages = Object.values(row._error.fields).flat();
  if (messages.length === 0) return null;
  return (
    <span className="field__error production-row__reason" role="note">
      {messages.join(' ')}
    </span>
  );
}

/** Deaths the pond's list shows before "show more" (a cycle can log one nearly every day). */
const FIRST_DEATHS = 5;

const farmPath = (farm: Farm) => `/farm/${encodeURIComponent(farm.farm_id)}`;

function AddLink({ farm, pond, path, label }: { farm: Farm; pond: Pond; path: string; label: string }) {
  return (
    <Link
      to={`${farmPath(farm)}/${path}/add`}
      search={{ pond_id: pond.pond_id }}
      className="button button--secondary button--small"
    >
      <PlusIcon /> {label}
    </Link>
  );
}

/** Edit and delete of one record, when the user may (edit level, or own entry under 24 h). */
function RowActions({
  farm,
  pond,
  userId,
  feature,
  row,
  editPath,
  search,
  onDelete,
}: PondRecordsProps & {
  feature: Feature;
  row: Local<Stock> | Local<Harvest> | Local<Death>;
  editPath: string;
  search: Record<string, string>;
  onDelete: () => Promise<void>;
}) {
  const { t } = useTranslation('production');
  if (recordRight(farm, pond, feature, row, userId) === null) return null;
  return (
    <span className="production-row__actions">
      <Link
        to={`${farmPath(farm)}/${editPath}/add`}
        search={{ pond_id: pond.pond_id, ...search }}
        className="button button--ghost button--small"
      >
        {t('actions.edit')}
      </Link>
      <button
        type="button"
        className="button button--ghost-danger button--small"
        onClick={() => void onDelete()}
      >
        {t('actions.delete')}
      </button>
    </span>
  );
}

function StockSummary({ p }: { p: PondProduction }) {
  const { t } = useTranslation('production');
  const format = useFormat();
  const stock = p.active ?? p.latest;
  if (!stock) return <p className="muted">{t('stock.none')}</p>;
  const closed = isClosed(stock, p.harvests);
  const total = p.harvests.find((h) => h.stock_id === stock.stock_id && h.type === 'total');
  const days = doc(stock.stock_date, closed && total ? total.harvested_on : farmDay());
  return (
    <div className="production-stock">
      <div className="production-stock__head">
        <span className={closed ? 'badge' : 'badge badge--primary'}>
          {closed ? t('stock.harvested') : t('stock.active', { date: format.date(stock.stock_date) })}
        </span>
        {days !== null && <strong className="production-stock__doc">{t('stock.doc', { doc: days })}</strong>}
      </div>
      <dl className="production-stock__facts">
        <div>
          <dt>{t('stock.fields.seed_actual')}</dt>
          <dd>{t('stock.seed', { n: format.number(stock.seed_actual, 0) })}</dd>
        </div>
        <div>
          <dt>{t('stock.fields.seed_net')}</dt>
          <dd>{t('stock.seed', { n: format.number(stock.seed_net, 0) })}</dd>
        </div>
        <div>
          <dt>{t('stock.fields.density')}</dt>
          <dd>
            {stock.density === null
              ? t('stock.noArea')
              : t('stock.density', { value: format.number(stock.density, 1) })}
          </dd>
        </div>
        {stock.seed_source && (
          <div>
            <dt>{t('stock.fields.seed_source')}</dt>
            <dd>{stock.seed_source}</dd>
          </div>
        )}
        {stock.pl_age !== null && (
          <div>
            <dt>{t('stock.fields.pl_age')}</dt>
            <dd>PL {stock.pl_age}</dd>
          </div>
        )}
      </dl>
      <RecordStatus row={stock} />
      <FailedReasons row={stock} />
    </div>
  );
}

/**
 * The pond's stocking card: the active stocking (or the last one) with DOC and density,
 * and the buttons to stock, harvest and record deaths the user may use.
 */
/** The seed photos of a stocking, from the mirror (the Blob until uploaded). */
function StockPhotos({ stockId }: { stockId: string }) {
  const { t } = useTranslation('production');
  const photos = useRecordPhotos('stock', [stockId]).get(stockId) ?? [];
  if (photos.length === 0) return null;
  return <PhotoPicker readOnly photos={photos} label={t('stock.photos')} />;
}

export function StockCard({ farm, pond, userId, db = getDb() }: PondRecordsProps) {
  const { t } = useTranslation('production');
  const confirm = useConfirm();
  const toast = useToast();
  const p = usePondProduction(db, pond.pond_id);
  if (!p) return null;
  const can = (feature: Feature) => pondAction(farm, pond, feature) >= ACTION.add;
  const stock = p.active;
  const actions = (
    <span className="production-actions">
      {!stock && can('stock') && <AddLink farm={farm} pond={pond} path="stock" label={t('actions.stock')} />}
      {stock && can('harverst') && (
        <AddLink farm={farm} pond={pond} path="harvest" label={t('actions.harvest')} />
      )}
      {stock && can('death') && <AddLink farm={farm} pond={pond} path="death" label={t('actions.death')} />}
    </span>
  );
  const shown = p.active ?? p.latest;
  return (
    <Card title={t('stock.title')} actions={actions}>
      <StockSummary p={p} />
      {shown && <StockPhotos stockId={shown.stock_id} />}
      {shown && !isClosed(shown, p.harvests) && (
        <RowActions
          farm={farm}
          pond={pond}
          userId={userId}
          feature="stock"
          row={shown}
          editPath="stock"
          search={{ stock_id: shown.stock_id }}
          onDelete={async () => {
            if (!(await confirm({ message: t('stock.deleteConfirm') }))) return;
            await stockRepo(db).remove(shown.stock_id);
            toast.success(t('stock.deleted'));
          }}
        />
      )}
    </Card>
  );
}

export function HarvestRow({
  farm,
  pond,
  userId,
  row,
  frozen,
  db = getDb(),
}: PondRecordsProps & { row: Local<Harvest>; frozen: boolean }) {
  const { t } = useTranslation('production');
  const format = useFormat();
  const confirm = useConfirm();
  const toast = useToast();
  return (
    <li className="production-row">
      <div className="data-list__main">
        <span className="production-row__head">
          <span className="data-list__title">{format.date(row.harvested_on)}</span>
          <span className={row.type === 'total' ? 'badge badge--primary' : 'badge'}>
            {t(`harvest.types.${row.type}`)}
          </span>
          <strong>{format.money(row.revenue)}</strong>
        </span>
        <span className="data-list__meta">
          {t('harvest.line', {
            weight: format.number(row.weight_kg, 2),
            size: format.number(row.size, 0),
            price: format.money(row.price_per_kg),
          })}{' '}
          · {t('harvest.count', { n: format.number(row.harvested_count, 0) })}
        </span>
        <RecordStatus row={row} />
        <FailedReasons row={row} />
      </div>
      {(!frozen || row.type === 'total') && (
        <RowActions
          farm={farm}
          pond={pond}
          userId={userId}
          feature="harverst"
          row={row}
          editPath="harvest"
          search={{ harvest_id: row.harvest_id }}
          onDelete={async () => {
            if (!(await confirm({ message: t('harvest.deleteConfirm') }))) return;
            await harvestRepo(db).remove(row.harvest_id);
            toast.success(t('harvest.deleted'));
          }}
        />
      )}
    </li>
  );
}

export function DeathRow({
  farm,
  pond,
  userId,
  row,
  frozen,
  db = getDb(),
}: PondRecordsProps & { row: Local<Death>; frozen: boolean }) {
  const { t } = useTranslation('production');
  const format = useFormat();
  const confirm = useConfirm();
  const toast = useToast();
  return (
    <li className="production-row">
      <div className="data-list__main">
        <span className="production-row__head">
          <span className="data-list__title">{format.date(row.died_on)}</span>
          <strong>{t('death.line', { n: format.number(row.count, 0) })}</strong>
          {row.total_weight_kg !== null && (
            <span className="muted">
              {t('death.weight', { weight: format.number(row.total_weight_kg, 2) })}
            </span>
          )}
        </span>
        <RecordStatus row={row} />
        <FailedReasons row={row} />
      </div>
      {!frozen && (
        <RowActions
          farm={farm}
          pond={pond}
          userId={userId}
          feature="death"
          row={row}
          editPath="death"
          search={{ death_id: row.death_id }}
          onDelete={async () => {
            if (!(await confirm({ message: t('death.deleteConfirm') }))) return;
            await deathRepo(db).remove(row.death_id);
            toast.success(t('death.deleted'));
          }}
        />
      )}
    </li>
  );
}

const frozenOf = (p: PondProduction, stockId: string) => {
  const stock = p.stocks.find((s) => s.stock_id === stockId);
  return stock ? isClosed(stock, p.harvests) : true;
};

/** The harvests of the pond's latest stocking, newest first. */
export function HarvestList(props: PondRecordsProps) {
  const { t } = useTranslation('production');
  const db = props.db ?? getDb();
  const p = usePondProduction(db, props.pond.pond_id);
  if (!p?.latest) return null;
  const rows = p.harvests.filter((h) => h.stock_id === p.latest?.stock_id);
  return (
    <Card title={t('harvest.title')}>
      {rows.length === 0 && <p className="muted">{t('harvest.none')}</p>}
      <ul className="data-list">
        {rows.map((row) => (
          <HarvestRow key={row.harvest_id} {...props} db={db} row={row} frozen={frozenOf(p, row.stock_id)} />
        ))}
      </ul>
    </Card>
  );
}

/** The deaths of the pond's latest stocking, newest first. */
export function DeathList(props: PondRecordsProps) {
  const { t } = useTranslation('production');
  const format = useFormat();
  const db = props.db ?? getDb();
  const p = usePondProduction(db, props.pond.pond_id);
  const rows = p?.latest ? p.deaths.filter((d) => d.stock_id === p.latest?.stock_id) : [];
  const { shown, hidden, showAll } = useFirst(rows, FIRST_DEATHS);
  if (!p?.latest) return null;
  const total = rows.reduce((sum, d) => sum + d.count, 0);
  return (
    <Card
      title={t('death.title')}
      actions={rows.length > 0 && <span className="muted">{format.number(total, 0)}</span>}
    >
      {rows.length === 0 && <p className="muted">{t('death.none')}</p>}
      <ul className="data-list">
        {shown.map((row) => (
          <DeathRow key={row.death_id} {...props} db={db} row={row} frozen={frozenOf(p, row.stock_id)} />
        ))}
      </ul>
      <ShowMore hidden={hidden} onClick={showAll} />
    </Card>
  );
}

/** Daily data: this feature's records of one farm day (stocking, harvests, deaths). */
export function ProductionDaySection({ day, ...props }: PondRecordsProps & { day: string }) {
  const { t } = useTranslation('production');
  const format = useFormat();
  const db = props.db ?? getDb();
  const p = usePondProduction(db, props.pond.pond_id);
  if (!p) return null;
  const stocks = p.stocks.filter((s) => s.stock_date === day);
  const harvests = p.harvests.filter((h) => h.harvested_on === day);
  const deaths = p.deaths.filter((d) => d.died_on === day);
  if (stocks.length + harvests.length + deaths.length === 0) return null;
  return (
    <ul className="data-list">
      {stocks.map((s) => (
        <li key={s.stock_id} className="production-row">
          <div className="data-list__main">
            <span className="production-row__head">
              <span className="badge">{t('actions.stock')}</span>
              <strong>{t('daily.stocked', { n: format.number(s.seed_actual, 0) })}</strong>
            </span>
            <RecordStatus row={s} />
          </div>
        </li>
      ))}
      {harvests.map((row) => (
        <HarvestRow key={row.harvest_id} {...props} db={db} row={row} frozen={frozenOf(p, row.stock_id)} />
      ))}
      {deaths.map((row) => (
        <DeathRow key={row.death_id} {...props} db={db} row={row} frozen={frozenOf(p, row.stock_id)} />
      ))}
    </ul>
  );
}

/** The farm's day (WIB), for screens composing these cards (the pond's Daily data). */
export { farmDay };
