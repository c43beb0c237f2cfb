import { SearchOutlined } from '@ant-design/icons';
import { SMS_STATES, type SmsMessage, type SmsState } from '@crm/contracts';
import {
  Alert,
  Card,
  DatePicker,
  Empty,
  Flex,
  Grid,
  Input,
  Select,
  Skeleton,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { tablePagination } from '../groups/table-pagination';
import { type SmsLogFilters, useSmsLog } from './sms-api';
import {
  SmsKindText,
  SmsRecipientCell,
  SmsStateTag,
  SmsTextCell,
  SmsUsageSummary,
  useSmsPhone,
  useSmsTime,
} from './sms-parts';

const ISO = 'YYYY-MM-DD';
const SEARCH_DELAY_MS = 400;

/** The sent SMS of the branch: the month's use, the filters and the table, live while states change. */
export function SmsLogList({ branchId }: { branchId: number | null }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<SmsLogFilters>({});
  const [page, setPage] = useState(1);
  const log = useSmsLog(filters, page, branchId);
  const pagination = log.data?.pagination;
  const columns = useSmsColumns();
  const narrow = !Grid.useBreakpoint().md;

  // Spec §5: a change of a filter starts again at page one.
  const change = (patch: Partial<SmsLogFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const filtered = Object.values(filters).some((value) => value !== undefined && value !== '');

  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('sms.usage.title')}>
        {log.data ? <SmsUsageSummary usage={log.data.usage} /> : <Skeleton active paragraph={{ rows: 1 }} />}
      </Card>
      <FilterBar filters={filters} onChange={change} />
      {log.isError && !isHandledGlobally(log.error) && (
        <Alert type="error" showIcon title={errorMessage(t, log.error)} />
      )}
      <Table<SmsMessage>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={log.data?.data}
        loading={log.isPending || (log.isFetching && log.isPlaceholderData)}
        scroll={narrow ? undefined : { x: 'max-content' }}
        pagination={tablePagination(pagination, page, setPage)}
        locale={{
          emptyText: log.isPending ? ' ' : <Empty description={t(filtered ? 'sms.log.noMatch' : 'sms.log.empty')} />,
        }}
      />
    </Flex>
  );
}

/** The table's columns: every field side by side on a wide screen, three stacked columns on a phone. */
function useSmsColumns(): TableColumnsType<SmsMessage> {
  const { t } = useTranslation();
  const narrow = !Grid.useBreakpoint().md;
  const time = useSmsTime();
  const phone = useSmsPhone();
  const state: TableColumnsType<SmsMessage>[number] = {
    title: t('sms.log.state'),
    key: 'state',
    render: (_, message) => <SmsStateTag message={message} />,
  };
  if (narrow) {
    // A phone has room for one column: who and when, the state beside the name, then the text.
    return [
      {
        title: t('sms.log.message'),
        key: 'message',
        render: (_, message) => (
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            <Flex justify="space-between" align="flex-start" gap={8}>
              <SmsRecipientCell message={message} />
              <SmsStateTag message={message} />
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {phone(message.phone)} · {time(message.created_at)}
            </Typography.Text>
            <SmsTextCell text={message.text} />
          </Flex>
        ),
      },
    ];
  }
  return [
    { title: t('sms.log.date'), key: 'date', render: (_, message) => time(message.created_at) },
    { title: t('sms.log.recipient'), key: 'recipient', render: (_, message) => <SmsRecipientCell message={message} /> },
    { title: t('sms.log.phone'), key: 'phone', render: (_, message) => phone(message.phone) },
    { title: t('sms.log.text'), key: 'text', render: (_, message) => <SmsTextCell text={message.text} /> },
    { title: t('sms.log.parts'), key: 'parts', align: 'end', render: (_, message) => message.parts },
    { title: t('sms.log.kind'), key: 'kind', render: (_, message) => <SmsKindText message={message} /> },
    state,
    {
      title: t('sms.log.author'),
      key: 'author',
      render: (_, message) => message.author?.name ?? (message.kind === 'auto' ? t('sms.log.system') : '—'),
    },
  ];
}

/** Days, state, kind, and a name or phone (typing waits for a pause before it asks). */
function FilterBar({
  filters,
  onChange,
}: {
  filters: SmsLogFilters;
  onChange: (patch: Partial<SmsLogFilters>) => void;
}) {
  const { t } = useTranslation();
  const narrow = !Grid.useBreakpoint().md;
  const [text, setText] = useState(filters.search ?? '');
  useEffect(() => {
    if (text.trim() === (filters.search ?? '')) return;
    const timer = setTimeout(() => onChange({ search: text.trim() || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filters.search, onChange]);
  const width = (wide: number) => (narrow ? { flex: '1 1 100%' } : { width: wide });
  const range =
    filters.date_from && filters.date_to ? ([dayjs(filters.date_from), dayjs(filters.date_to)] as const) : null;
  return (
    <Flex wrap gap={8}>
      <DatePicker.RangePicker
        aria-label={t('sms.log.dates')}
        value={range ? [range[0], range[1]] : null}
        format="DD.MM.YYYY"
        onChange={(days) =>
          onChange({ date_from: days?.[0]?.format(ISO) ?? undefined, date_to: days?.[1]?.format(ISO) ?? undefined })
        }
        style={width(280)}
      />
      <Select<SmsState>
        allowClear
        aria-label={t('sms.log.state')}
        placeholder={t('sms.log.anyState')}
        value={filters.state}
        onChange={(value) => onChange({ state: value })}
        options={SMS_STATES.map((state) => ({ value: state, label: t(`sms.states.${state}`) }))}
        style={width(180)}
      />
      <Select<'manual' | 'auto'>
        allowClear
        aria-label={t('sms.log.kind')}
        placeholder={t('sms.log.anyKind')}
        value={filters.kind}
        onChange={(value) => onChange({ kind: value })}
        options={(['manual', 'auto'] as const).map((kind) => ({ value: kind, label: t(`sms.kinds.${kind}`) }))}
        style={width(220)}
      />
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('sms.log.search')}
        aria-label={t('sms.log.search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        style={width(240)}
      />
    </Flex>
  );
}
