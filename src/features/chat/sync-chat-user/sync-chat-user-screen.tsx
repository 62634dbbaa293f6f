import '../register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberedFarmId } from '#components/farm-data';
import { Card, PageHeader } from '#components/page';
import { ApiError, api } from '#local/api-client';

type Outcome = { kind: 'done'; farms: number; deleted: number } | { kind: 'error'; message: string } | null;

/**
 * /sync-chat-user (seed 001 §2, §4): the system admin's utility that creates every farm's
 * chat group and brings its members in line with the farm's users, through
 * POST /api/chat/sync-farm-groups, and says what it did.
 */
export function SyncChatUserScreen() {
  const { t } = useTranslation('chatGroups');
  const { t: tUi } = useTranslation('ui');
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const farmId = rememberedFarmId();

  const run = async () => {
    setRunning(true);
    setOutcome(null);
    try {
      const { data } = await api.post<{ farms: number; deleted: number }>('/chat/sync-farm-groups');
      setOutcome({ kind: 'done', farms: data.farms, deleted: data.deleted });
    } catch (err) {
      const message =
        err instanceof ApiError
          ? err.code === 'forbidden'
            ? t('sync.forbidden')
            : err.code === 'network'
              ? tUi('errors.offline')
              : err.message || tUi('errors.generic')
          : tUi('errors.generic');
      setOutcome({ kind: 'error', message });
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="narrow stack">
      <PageHeader title={t('sync.title')} backTo={farmId ? `/farm/${encodeURIComponent(farmId)}` : '/farm'} />
      <Card>
        <p>{t('sync.intro')}</p>
        <button
          type="button"
          className="button button--primary"
          disabled={running}
          aria-busy={running}
          onClick={run}
        >
          {running ? t('sync.running') : t('sync.run')}
        </button>
        {outcome?.kind === 'done' && (
          <p className="notice" role="status">
            {t('sync.done', { farms: outcome.farms, deleted: outcome.deleted })}
          </p>
        )}
        {outcome?.kind === 'error' && (
          <p className="form-alert" role="alert">
            {outcome.message}
          </p>
        )}
      </Card>
    </div>
  );
}
