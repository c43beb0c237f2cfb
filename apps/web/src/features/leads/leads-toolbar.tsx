import {
  AppstoreOutlined,
  EllipsisOutlined,
  InboxOutlined,
  PlusOutlined,
  SettingOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Badge, Button, Dropdown, Flex, Grid, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LeadExportButton } from '../lead-reports/lead-export-button';
import { LeadImportButton } from '../lead-reports/lead-import-button';
import type { LeadFilters } from './leads-api';
import type { LiveState } from './live/board-connection';
import type { LeadsView } from './view-mode';

export type ToolbarDialog = 'create' | 'sources' | 'columns';

const LIVE_BADGE = {
  live: { status: 'success', text: 'leads.live.live' },
  polling: { status: 'warning', text: 'leads.live.polling' },
  connecting: { status: 'processing', text: 'leads.live.connecting' },
  stopped: { status: 'default', text: 'leads.live.stopped' },
} as const;

interface LeadsToolbarProps {
  view: LeadsView;
  onView: (view: LeadsView) => void;
  live: LiveState;
  branchId: number;
  filters: LeadFilters;
  onImported: () => void;
  onOpen: (dialog: ToolbarDialog) => void;
}

/**
 * The leads page's title, whether the board is live, the view switch and the page's tools (new lead,
 * sources, column settings, archive, Excel). On a phone the settings fold into one menu.
 */
export function LeadsToolbar({ view, onView, live, branchId, filters, onImported, onOpen }: LeadsToolbarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = !Grid.useBreakpoint().md;
  const badge = LIVE_BADGE[live];
  const settings = [
    { key: 'sources', icon: <SettingOutlined />, label: t('leads.sources.button') },
    ...(view === 'board' ? [{ key: 'columns', label: t('leads.columnSettings.button') }] : []),
    { key: 'archive', icon: <InboxOutlined />, label: t('leads.archivePage.button') },
  ];
  const open = (key: string) => (key === 'archive' ? navigate('/leads/archive') : onOpen(key as ToolbarDialog));
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Space align="center" wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('leads.title')}
        </Typography.Title>
        <Badge status={badge.status} text={t(badge.text)} />
      </Space>
      <Space wrap>
        <Segmented<LeadsView>
          aria-label={t('leads.view.label')}
          value={view}
          onChange={onView}
          options={[
            { value: 'board', label: t('leads.view.board'), icon: <AppstoreOutlined /> },
            { value: 'list', label: t('leads.view.list'), icon: <UnorderedListOutlined /> },
          ]}
        />
        {phone ? (
          <Dropdown trigger={['click']} menu={{ items: settings, onClick: ({ key }) => open(key) }}>
            <Button icon={<EllipsisOutlined />} aria-label={t('leads.toolbar.more')} />
          </Dropdown>
        ) : (
          <>
            <Button icon={<SettingOutlined />} onClick={() => onOpen('sources')}>
              {t('leads.sources.button')}
            </Button>
            {view === 'board' && <Button onClick={() => onOpen('columns')}>{t('leads.columnSettings.button')}</Button>}
            <Link to="/leads/archive">
              <Button icon={<InboxOutlined />}>{t('leads.archivePage.button')}</Button>
            </Link>
          </>
        )}
        {/* Issue 6: the Excel import and export of features/lead-reports. */}
        <LeadImportButton branchId={branchId} onImported={onImported} />
        <LeadExportButton branchId={branchId} filters={filters} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => onOpen('create')}>
          {t('leads.form.add')}
        </Button>
      </Space>
    </Flex>
  );
}
