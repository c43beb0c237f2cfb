import { UndoOutlined } from '@ant-design/icons';
import type { Lead } from '@crm/contracts';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Flex,
  Input,
  Popconfirm,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { phoneText } from '../../shared/format/phone';
import { useSession } from '../../shared/session/use-session';
import { emptyList } from '../courses/catalog-ui';
import { runAction } from '../courses/form-errors';
import { dateText } from '../groups/dates';
import { tablePagination } from '../groups/table-pagination';
import { leadSourceName } from './lead-options-api';
import { type LeadFilters, useArchivedLeads, useLeadMutations } from './leads-api';

const ISO = 'YYYY-MM-DD';

/** Spec §2 leads/archive: leads taken off the board, with the reason; restored to "incoming" on request. */
export function LeadArchivePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { company, branch } = useSession();
  const branchId = branch ?? 0;
  const country = company?.datas.country ?? 'uz';
  const [filters, setFilters] = useState<LeadFilters>({});
  const [page, setPage] = useState(1);
  const leads = useArchivedLeads(branchId, filters, page);
  const { restore } = useLeadMutations();
  const filterKey = JSON.stringify([branchId, filters]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another search starts at page 1
  useEffect(() => setPage(1), [filterKey]);

  const columns: TableColumnsType<Lead> = [
    { title: t('leads.fields.name'), dataIndex: 'name', key: 'name' },
    { title: t('leads.fields.phone'), key: 'phone', render: (_, lead) => phoneText(lead.phone, country), width: 160 },
    { title: t('leads.archive.reason'), key: 'reason', render: (_, lead) => lead.archive_reason?.title ?? '—' },
    {
      title: t('leads.archivePage.archivedAt'),
      key: 'archived',
      render: (_, lead) => dateText(lead.archived_at),
      width: 120,
    },
    { title: t('leads.fields.course'), dataIndex: 'course', key: 'course' },
    { title: t('leads.fields.source'), key: 'source', render: (_, lead) => leadSourceName(t, lead.source) },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 130,
      render: (_, lead) => (
        <Popconfirm
          title={t('leads.archivePage.restoreQuestion', { name: lead.name })}
          description={t('leads.archivePage.restoreHint')}
          okText={t('leads.archivePage.restore')}
          cancelText={t('common.cancel')}
          onConfirm={() => runAction(t, message, () => restore.mutateAsync(lead.id), t('leads.archivePage.restored'))}
        >
          <Button
            size="small"
            icon={<UndoOutlined />}
            aria-label={t('leads.archivePage.restoreLabel', { name: lead.name })}
          >
            {t('leads.archivePage.restore')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('leads.archivePage.title')}
      </Typography.Title>
      <Flex wrap gap={8} role="search" aria-label={t('leads.search.label')}>
        <Input.Search
          allowClear
          placeholder={t('leads.search.text')}
          aria-label={t('leads.search.text')}
          onSearch={(value) => setFilters({ ...filters, search: value.trim() || undefined })}
          style={{ width: 260, maxWidth: '100%' }}
        />
        <DatePicker.RangePicker
          aria-label={t('leads.search.dates')}
          format="DD.MM.YYYY"
          allowEmpty={[true, true]}
          value={[filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null]}
          onChange={(range) => setFilters({ ...filters, from: range?.[0]?.format(ISO), to: range?.[1]?.format(ISO) })}
          style={{ maxWidth: '100%' }}
        />
      </Flex>
      {leads.isError && !isHandledGlobally(leads.error) && (
        <Alert type="error" showIcon title={errorMessage(t, leads.error)} />
      )}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={leads.data?.data ?? []}
        loading={leads.isFetching}
        scroll={{ x: 900 }}
        pagination={tablePagination(leads.data?.pagination, page, setPage)}
        locale={{ emptyText: emptyList(leads.isPending, t('leads.archivePage.empty')) }}
      />
    </Flex>
  );
}
