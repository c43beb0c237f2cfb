import { UndoOutlined } from '@ant-design/icons';
import type { ArchiveItem, ArchiveKind, Pagination } from '@crm/contracts';
import {
  App,
  Button,
  Empty,
  Flex,
  Grid,
  Popconfirm,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { phoneText } from '../../shared/format/phone';
import { useSession } from '../../shared/session/use-session';
import { VisuallyHidden } from '../../shared/ui/visually-hidden';
import { tablePagination } from '../groups/table-pagination';
import { useRestoreArchived } from './archive-api';

/** Where a row opens (when its `policies.open` allows): an archived student opens read-only, here. */
const PAGE_OF: Record<ArchiveKind, ((id: number) => string) | null> = {
  student: (id) => `/archive/list/student/${id}`,
  teacher: (id) => `/teachers/profile/${id}`,
  staff: (id) => `/staff/profile/${id}`,
  group: (id) => `/groups/${id}`,
  lead: null,
};

export const KIND_COLOR: Record<ArchiveKind, string> = {
  student: 'blue',
  teacher: 'green',
  staff: 'purple',
  group: 'orange',
  lead: 'magenta',
};

function RestoreButton({ row }: { row: ArchiveItem }) {
  const { t } = useTranslation();
  // The word beside the icon where there is room; a phone keeps the icon (its name is in aria-label).
  const wide = Grid.useBreakpoint().md;
  const { message } = App.useApp();
  const restore = useRestoreArchived();
  const label = t('archive.restore');
  if (!row.policies.restore) {
    return (
      <Tooltip title={t(`archive.restoreRefused.${row.kind}`)}>
        <Button icon={<UndoOutlined />} disabled aria-label={`${label}: ${row.name}`}>
          {wide ? label : null}
        </Button>
      </Tooltip>
    );
  }
  const confirm = async () => {
    try {
      await restore.mutateAsync({ kind: row.kind, id: row.id });
      message.success(t('archive.restored', { name: row.name }));
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };
  return (
    <Popconfirm
      title={t('archive.restoreQuestion', { name: row.name })}
      description={t(`archive.restoreWhere.${row.kind}`)}
      okText={label}
      cancelText={t('common.cancel')}
      onConfirm={confirm}
    >
      <Button icon={<UndoOutlined />} loading={restore.isPending} aria-label={`${label}: ${row.name}`} title={label}>
        {wide ? label : null}
      </Button>
    </Popconfirm>
  );
}

interface ArchiveTableProps {
  rows: ArchiveItem[] | undefined;
  loading: boolean;
  showKind: boolean;
  pagination: Pagination | undefined;
  page: number;
  onPage: (page: number) => void;
}

/** The archived rows: what, who archived it, when and why, and restore where the server allows it. */
export function ArchiveTable({ rows, loading, showKind, pagination, page, onPage }: ArchiveTableProps) {
  const { t } = useTranslation();
  const country = useSession().company?.datas.country ?? 'uz';
  const none = <Typography.Text type="secondary">—</Typography.Text>;
  const columns: TableColumnsType<ArchiveItem> = [
    {
      title: t('archive.columns.name'),
      key: 'name',
      render: (_, row) => {
        const path = row.policies.open ? PAGE_OF[row.kind]?.(row.id) : undefined;
        const detail = row.kind === 'group' ? row.course : row.phone && phoneText(row.phone, country);
        return (
          <Flex vertical>
            {path ? <Link to={path}>{row.name}</Link> : <span>{row.name}</span>}
            {detail && (
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {detail}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    ...(showKind
      ? [
          {
            title: t('archive.columns.kind'),
            key: 'kind',
            render: (_: unknown, row: ArchiveItem) => (
              <Tag color={KIND_COLOR[row.kind]}>{t(`archive.kind.${row.kind}`)}</Tag>
            ),
          },
        ]
      : []),
    {
      title: t('archive.columns.archivedAt'),
      key: 'archivedAt',
      render: (_, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>{dayjs(row.archived_at).format('DD.MM.YYYY HH:mm')}</span>
      ),
    },
    {
      title: t('archive.columns.archivedBy'),
      key: 'archivedBy',
      render: (_, row) =>
        row.archived_by?.name ?? <Typography.Text type="secondary">{t('archive.nobody')}</Typography.Text>,
    },
    { title: t('archive.columns.reason'), key: 'reason', render: (_, row) => row.reason ?? none },
    {
      title: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
      key: 'actions',
      fixed: 'right',
      align: 'right',
      render: (_, row) => <RestoreButton row={row} />,
    },
  ];
  // Its own stacking context: the pinned actions column stays under the app's header when the page scrolls.
  return (
    <div style={{ isolation: 'isolate' }}>
      <Table
        rowKey={(row) => `${row.kind}-${row.id}`}
        columns={columns}
        dataSource={rows}
        loading={loading}
        size="middle"
        scroll={{ x: 'max-content' }}
        pagination={tablePagination(pagination, page, onPage)}
        locale={{ emptyText: rows ? <Empty description={t('archive.empty')} /> : ' ' }}
      />
    </div>
  );
}
