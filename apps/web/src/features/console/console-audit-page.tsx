import type { ConsoleAuditEntry } from '@crm/contracts';
import { Alert, Button, Empty, Flex, Grid, Table, type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { useConsoleAudit } from './console-api';
import { dateText, dateTimeText } from './console-format';
import { licenceAuditDetails } from './licence-audit-details';

const PER_PAGE = 50;

/** The words of an entry's data: the note, what changed from what to what, why a log-in failed. */
function detailsOf(t: TFunction, entry: ConsoleAuditEntry): string {
  const data = entry.data as Record<string, unknown>;
  const parts: string[] = [];
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '—');
  if (entry.action === 'licence_extended') {
    const from = typeof data.from === 'string' ? dateText(data.from) : '—';
    const to = typeof data.to === 'string' ? dateText(data.to) : '—';
    parts.push(t('console.audit.licenceChange', { from, to }));
  }
  if (entry.action === 'sms_limit_changed') {
    parts.push(t('console.audit.limitChange', { from: text(data.from), to: text(data.to) }));
  }
  if (entry.action === 'settings_changed') {
    const after = (data.after ?? {}) as { trial_days?: number; support_chat?: { base_url?: string } | null };
    parts.push(
      t('console.audit.settingsChange', {
        days: text(after.trial_days),
        chat: after.support_chat?.base_url ?? t('console.audit.chatOff'),
      }),
    );
  }
  const licence = licenceAuditDetails(t, entry);
  if (licence) parts.push(licence);
  if (typeof data.login === 'string') parts.push(t('console.audit.triedLogin', { login: data.login }));
  if (typeof data.reason === 'string')
    parts.push(t(`console.audit.reasons.${data.reason}`, { defaultValue: data.reason }));
  if (typeof data.note === 'string' && data.note) parts.push(`“${data.note}”`);
  return parts.join(' · ');
}

/** GET /console/audit: every console action and log-in attempt, latest first. */
export function ConsoleAuditPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const audit = useConsoleAudit({ page, per_page: PER_PAGE });
  const wide = Grid.useBreakpoint().md ?? true;

  // A phone gets one column: each entry as a few short lines instead of a table to scroll sideways.
  const narrow: TableColumnsType<ConsoleAuditEntry> = [
    {
      title: t('console.audit.columns.action'),
      key: 'entry',
      render: (_, entry) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{t(`console.audit.actions.${entry.action}`)}</Typography.Text>
          {entry.company && <span>{`${entry.company.name} (${entry.company.subdomain})`}</span>}
          {detailsOf(t, entry) && <Typography.Text type="secondary">{detailsOf(t, entry)}</Typography.Text>}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[dateTimeText(entry.at), entry.account?.name, entry.ip].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Flex>
      ),
    },
  ];
  const columns: TableColumnsType<ConsoleAuditEntry> = [
    {
      title: t('console.audit.columns.at'),
      key: 'at',
      render: (_, entry) => <span style={{ whiteSpace: 'nowrap' }}>{dateTimeText(entry.at)}</span>,
    },
    {
      title: t('console.audit.columns.account'),
      key: 'account',
      render: (_, entry) => entry.account?.name ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: t('console.audit.columns.action'),
      key: 'action',
      render: (_, entry) => t(`console.audit.actions.${entry.action}`),
    },
    {
      title: t('console.audit.columns.centre'),
      key: 'centre',
      render: (_, entry) => (entry.company ? `${entry.company.name} (${entry.company.subdomain})` : '—'),
    },
    { title: t('console.audit.columns.details'), key: 'details', render: (_, entry) => detailsOf(t, entry) },
    { title: t('console.audit.columns.ip'), key: 'ip', responsive: ['lg'], render: (_, entry) => entry.ip ?? '—' },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('console.audit.title')}
      </Typography.Title>
      {audit.isError && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(t, audit.error)}
          action={<Button onClick={() => void audit.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      <Table
        rowKey="id"
        size="small"
        columns={wide ? columns : narrow}
        dataSource={audit.data?.data ?? []}
        loading={audit.isPending || audit.isFetching}
        scroll={wide ? { x: 'max-content' } : undefined}
        locale={{ emptyText: <Empty description={t('console.audit.empty')} /> }}
        pagination={{
          current: page,
          pageSize: PER_PAGE,
          total: audit.data?.pagination.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
    </Flex>
  );
}
