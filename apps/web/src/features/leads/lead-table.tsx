import type { Lead } from '@crm/contracts';
import { Alert, Button, Flex, Table, type TableColumnsType, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { phoneText } from '../../shared/format/phone';
import { emptyList } from '../courses/catalog-ui';
import { dateText } from '../groups/dates';
import { tablePagination } from '../groups/table-pagination';
import { PhoneWithCall } from '../telephony/call-button';
import { columnName, type LeadViewProps } from './board/card-actions';
import { CardMenu } from './board/card-menu';
import { leadSourceName } from './lead-options-api';
import { useLeadList } from './leads-api';

/** Spec §2 leads "list or table": every lead of the branch on the board, with the search, a page at a time. */
export function LeadTable({ branchId, filters, state, country, actions, places }: LeadViewProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useLeadList(branchId, filters, page);
  const filterKey = JSON.stringify([branchId, filters]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: spec §5 — another search starts at page 1
  useEffect(() => setPage(1), [filterKey]);

  const titleOf = (lead: Lead) => {
    const column = state?.columns.find((c) => c.column === lead.column);
    const section = column?.sections.find((s) => s.id === lead.section_id);
    const name = columnName(t, lead.column, column?.title);
    return section ? `${name} › ${section.title}` : name;
  };

  const columns: TableColumnsType<Lead> = [
    {
      title: t('leads.fields.name'),
      key: 'name',
      render: (_, lead) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
          onClick={() => actions.open(lead)}
        >
          {lead.name}
        </Button>
      ),
    },
    {
      title: t('leads.fields.phone'),
      key: 'phone',
      render: (_, lead) => <PhoneWithCall phone={lead.phone} text={phoneText(lead.phone, country)} />,
      width: 190,
    },
    { title: t('leads.fields.column'), key: 'column', render: (_, lead) => titleOf(lead) },
    { title: t('leads.fields.course'), dataIndex: 'course', key: 'course' },
    { title: t('leads.fields.source'), key: 'source', render: (_, lead) => leadSourceName(t, lead.source) },
    { title: t('leads.fields.admin'), key: 'admin', render: (_, lead) => lead.admin?.name },
    {
      title: t('leads.fields.tags'),
      key: 'tags',
      render: (_, lead) => (
        <Flex wrap gap={4}>
          {lead.tags.map((tag) => (
            <Tag key={tag.id} color={tag.color ?? undefined}>
              {tag.name}
            </Tag>
          ))}
        </Flex>
      ),
    },
    { title: t('leads.fields.created'), key: 'created', render: (_, lead) => dateText(lead.created_at), width: 110 },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 70,
      render: (_, lead) => <CardMenu lead={lead} actions={actions} places={places} />,
    },
  ];

  return (
    <Flex vertical gap={12}>
      {list.isError && !isHandledGlobally(list.error) && (
        <Alert type="error" showIcon title={errorMessage(t, list.error)} />
      )}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 1000 }}
        pagination={tablePagination(list.data?.pagination, page, setPage)}
        locale={{ emptyText: emptyList(list.isPending, t('leads.list.empty')) }}
      />
    </Flex>
  );
}
