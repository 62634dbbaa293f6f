import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { PageHeader } from '#components/page';
import { Tabs } from '#components/tabs';
import type { Farm } from '#shared/contracts/farm';
import { ACTION } from '#shared/domain/permissions';
import { BlocksTab } from './blocks-tab.tsx';
import { FarmTab } from './farm-tab.tsx';
import { LanguageTab } from './language-tab.tsx';
import { PondsTab } from './ponds-tab.tsx';
import { PresetTimesTab } from './preset-times-tab.tsx';
import { UsersTab } from './users-tab.tsx';
import './settings.css';

const TABS = ['farm', 'blocks', 'ponds', 'users', 'standards', 'times', 'language'] as const;
type TabKey = (typeof TABS)[number];

/** A tab another feature contributes (composed at the app level, so features stay apart). */
export interface ExtraTab {
  /** Shown when this returns true for the farm (permissions). */
  visible: (farm: Farm) => boolean;
  label: string;
  render: (farm: Farm) => ReactNode;
}

function Settings({ farm, standards }: { farm: Farm; standards?: ExtraTab }) {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { tab?: string };
  // Users and permissions only for those who may at least view them (seed 000 §6).
  const visible = TABS.filter((key) => {
    if (key === 'users') return can(farm, 'user_permission', ACTION.view);
    // The server lists the standards to whoever may view water quality or its settings.
    if (key === 'standards') return standards?.visible(farm) ?? false;
    return true;
  });
  const tab: TabKey = visible.find((key) => key === search.tab) ?? 'farm';
  const select = (key: TabKey) =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, tab: key }),
      replace: true,
    });

  return (
    <div className="settings">
      <PageHeader title={t('title')} subtitle={farm.name} />
      <Tabs
        label={t('tabsLabel')}
        value={tab}
        onChange={select}
        items={visible.map((key) => ({
          key,
          label: key === 'standards' && standards ? standards.label : t(`tabs.${key}`),
        }))}
      >
        {tab === 'farm' && <FarmTab farm={farm} />}
        {tab === 'blocks' && <BlocksTab farm={farm} />}
        {tab === 'ponds' && <PondsTab farm={farm} />}
        {tab === 'users' && <UsersTab farm={farm} />}
        {tab === 'standards' && standards?.render(farm)}
        {tab === 'times' && <PresetTimesTab />}
        {tab === 'language' && <LanguageTab />}
      </Tabs>
    </div>
  );
}

/** /farm/{farm_id}/settings. The tab sits in the query (?tab=ponds) so a reload keeps it. */
export function SettingsScreen({ standards }: { standards?: ExtraTab }) {
  return <FarmGate>{(farm) => <Settings farm={farm} standards={standards} />}</FarmGate>;
}
