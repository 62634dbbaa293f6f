import './register-locales.ts';
import { Link } from '@tanstack/react-router';
import wavesHorizontal from 'lucide/dist/esm/icons/waves-horizontal.mjs';
import { useTranslation } from 'react-i18next';
import { useBlocks, usePonds } from '#components/farm-data';
import { useFormat } from '#components/format';
import { lineIcon } from '#components/icons';
import { EmptyState, LoadError, Loading } from '#components/page';
import { pondRights } from '#components/pond-access.ts';
import { SyncBadge } from '#components/record-status';
import type { Local } from '#local/db';
import type { Block, Farm, Pond } from '#shared/contracts/farm';

/** Drawn here, its one use: in components/icons.tsx it would ride in the first download. */
const PondIcon = lineIcon(wavesHorizontal);

/** Ponds grouped under their block, both in numeric name order ("Kolam 2" before "Kolam 10"). */
export function BlockList({ farm }: { farm: Farm }) {
  const { t } = useTranslation('farm');
  const format = useFormat();
  const blocks = useBlocks(farm.farm_id);
  const ponds = usePonds(farm.farm_id);

  if (blocks.error && !blocks.data) return <LoadError error={blocks.error} onRetry={blocks.reload} />;
  if (ponds.error && !ponds.data) return <LoadError error={ponds.error} onRetry={ponds.reload} />;
  if (!blocks.data || !ponds.data) return <Loading />;
  if (blocks.data.length === 0) {
    return (
      <EmptyState title={t('home.noBlocks')}>
        <p>{t('home.noBlocksHint')}</p>
      </EmptyState>
    );
  }

  // Ponds the user has no access to (role above 2, not in access_pond) are not listed.
  const visible = ponds.data.filter((pond) => pond.access_level >= 0);
  const byBlock = new Map<string, Pond[]>();
  for (const pond of visible) byBlock.set(pond.block_id, [...(byBlock.get(pond.block_id) ?? []), pond]);

  return (
    <div className="block-list">
      {blocks.data.map((block) => {
        const list = byBlock.get(block.block_id) ?? [];
        return (
          <section key={block.block_id} className="block" aria-labelledby={`block-${block.block_id}`}>
            <h3 id={`block-${block.block_id}`} className="block__title">
              {block.block_name}
              <SyncBadge row={block as Local<Block>} />
              <span className="badge">{t('home.pondCount', { count: list.length })}</span>
            </h3>
            {list.length === 0 ? (
              <p className="muted">{t('home.noPonds')}</p>
            ) : (
              <ul className="pond-grid">
                {list.map((pond) => (
                  <li key={pond.pond_id}>
                    <Link
                      to={`/farm/${encodeURIComponent(farm.farm_id)}/pond/${encodeURIComponent(pond.pond_id)}`}
                      className="pond-tile"
                    >
                      <PondIcon />
                      <span className="pond-tile__name">{pond.name}</span>
                      <span className="pond-tile__meta">
                        {t('home.area', { area: format.number(pond.area, 0) })}
                      </span>
                      <PondRightsBadge farm={farm} pond={pond} />
                      <SyncBadge row={pond as Local<Pond>} />
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

/**
 * What the user may do on the pond, when it is less than everything: "view only" only
 * when nothing can be entered; a keeper who enters readings is told so, and that they
 * may fix their own entries for 24 hours (own_records, issue 12 point 5).
 */
function PondRightsBadge({ farm, pond }: { farm: Farm; pond: Pond }) {
  const { t } = useTranslation('farm');
  const { rights, ownFix } = pondRights(farm, pond);
  if (rights === 'all') return null;
  const key = rights === 'view' ? 'home.viewOnly' : ownFix ? 'home.enterAndFixOwn' : 'home.enterOnly';
  return (
    <span className="badge" data-rights={rights}>
      {t(key)}
    </span>
  );
}
