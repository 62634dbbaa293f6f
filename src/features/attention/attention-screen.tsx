import './register-locales.ts';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { useFormat } from '#components/format';
import { LoadError, Loading, PageHeader } from '#components/page';
import { loadPresetTimes } from '#components/preset-times.ts';
import { ApiError } from '#local/api-client';
import type { AttentionBoard, AttentionItem } from '#shared/contracts/attention';
import type { Farm } from '#shared/contracts/farm';
import { ACTION } from '#shared/domain/permissions';
import { type CachedBoard, useAttentionBoard } from './attention-data.ts';
import { type BoardRow, fromBoard, GROUP_FROM, groupAlike, withSlotTime } from './group-alike.ts';
import './attention.css';

/** An item's figures in words: numbers and days in the reader's format, slots translated. */
function useItemText() {
  const { t, i18n } = useTranslation('attention');
  const format = useFormat();
  // A pond's missed slots ('morning,evening'): "pagi dan malam", "morning and evening".
  const slots = (value: string) =>
    new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
      value.split(',').map((slot) => t(`slot.${slot}`)),
    );
  return (item: AttentionItem) => {
    const params: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(item.figures)) {
      if (value === null) continue;
      // `count` stays a number: i18next picks the plural form from it.
      if (key === 'count' && typeof value === 'number') params[key] = value;
      else if (typeof value === 'number') params[key] = format.number(value);
      else if (key === 'slot') params[key] = value ? slots(value) : '';
      else if (key === 'reading') params[key] = t(`reading.${value}`);
      else if (key === 'day') params[key] = format.date(value);
      else if (key === 'at') params[key] = format.dateTime(value);
      else params[key] = value;
    }
    return t(`item.${item.kind}.${item.reason}`, params);
  };
}

/** Names shown of a row's ponds before "and N more". */
const NAMES_SHOWN = 6;

function ItemRow({ row }: { row: BoardRow }) {
  const { t } = useTranslation('attention');
  const text = useItemText();
  const { item, ponds } = row;
  const names = ponds.slice(0, NAMES_SHOWN).map((p) => p.name);
  const rest = ponds.length - names.length;
  const subject =
    ponds.length >= GROUP_FROM
      ? t('ponds', {
          count: ponds.length,
          names: rest > 0 ? t('more', { names: names.join(', '), count: rest }) : names.join(', '),
        })
      : item.subject;
  return (
    <li
      className={`attention-item attention-item--${item.severity}`}
      data-kind={item.kind}
      data-ponds={ponds.length > 0 ? `|${ponds.map((p) => p.name).join('|')}|` : undefined}
    >
      <div className="attention-item__main">
        <span className={`badge attention-badge attention-badge--${item.severity}`}>
          {t(`severity.${item.severity}`)}
        </span>
        <p className="attention-item__subject">{subject}</p>
        <p className="attention-item__reason">{text(item)}</p>
      </div>
      <Link to={item.link} className="button button--secondary attention-item__act">
        {t(`action.${item.kind}`)}
      </Link>
    </li>
  );
}

function AllWell({ board }: { board: AttentionBoard }) {
  const { t } = useTranslation('attention');
  return (
    <section className="card attention-well" aria-labelledby="attention-well">
      <h2 id="attention-well" className="card__title">
        {t('allWell')}
      </h2>
      <p className="muted">{t('checked')}</p>
      <ul className="attention-well__list">
        {board.checked.map((kind) => (
          <li key={kind}>{t(`kinds.${kind}`)}</li>
        ))}
      </ul>
    </section>
  );
}

function Freshness({ current, stale }: { current: CachedBoard | null; stale: boolean }) {
  const { t } = useTranslation('attention');
  const format = useFormat();
  if (stale)
    return (
      <p className="notice attention-stale" role="status" data-testid="attention-stale">
        {current
          ? t('offline', { date: format.date(current.fetchedAt), time: format.time(current.fetchedAt) })
          : t('offlineNever')}
      </p>
    );
  if (!current) return null;
  return <p className="muted">{t('updated', { time: format.time(current.fetchedAt) })}</p>;
}

function ItemList({ items }: { items: readonly AttentionItem[] }) {
  const { t } = useTranslation('attention');
  const rows = useMemo(() => {
    const presets = loadPresetTimes();
    return groupAlike(items).map((row) => ({ ...row, item: fromBoard(withSlotTime(row.item, presets)) }));
  }, [items]);
  return (
    <section aria-labelledby="attention-count">
      <h2 id="attention-count" className="attention-count">
        {t('count', { count: rows.length })}
      </h2>
      <ul className="attention-list" data-testid="attention-list">
        {rows.map((row) => (
          <ItemRow
            key={`${row.item.kind}:${row.ponds[0]?.id ?? ''}:${row.item.subject}:${row.item.reason}:${String(row.item.figures.day ?? '')}:${String(row.item.figures.slot ?? '')}`}
            row={row}
          />
        ))}
      </ul>
    </section>
  );
}

function Board({ farm }: { farm: Farm }) {
  const { t } = useTranslation(['attention', 'ui']);
  const read = useAttentionBoard(farm.farm_id);
  const board = read.current?.board;
  return (
    <div className="stack attention">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {/* Below the title, not beside it: at 360 px the title keeps the width. */}
      <div className="row attention-tools">
        <button
          type="button"
          className="button button--secondary"
          onClick={read.reload}
          aria-busy={read.loading}
        >
          {t('refresh')}
        </button>
        {/* The farm page (blocks and ponds): the manager's home is this board. */}
        <Link to={`/farm/${encodeURIComponent(farm.farm_id)}?home=farm`} className="button button--secondary">
          {t('ui:nav.ponds')}
        </Link>
        {/* The cycle overview and its harvest plan: the manager's next stop after the board. */}
        {can(farm, 'stock', ACTION.view) && (
          <Link
            to={`/farm/${encodeURIComponent(farm.farm_id)}/overview`}
            className="button button--secondary"
          >
            {t('ui:nav.overview')}
          </Link>
        )}
      </div>
      <Freshness current={read.current} stale={read.stale} />
      {read.error ? (
        read.error instanceof ApiError && read.error.status === 404 ? (
          <p className="notice">{t('noAccess')}</p>
        ) : (
          <LoadError error={read.error} onRetry={read.reload} />
        )
      ) : !board ? (
        read.stale ? null : (
          <Loading />
        )
      ) : board.items.length === 0 ? (
        <AllWell board={board} />
      ) : (
        <ItemList items={board.items} />
      )}
    </div>
  );
}

/** /farm/{farm_id}/attention: the manager's home (issue 31 point 3). */
export function AttentionScreen() {
  return <FarmGate>{(farm) => <Board farm={farm} />}</FarmGate>;
}
