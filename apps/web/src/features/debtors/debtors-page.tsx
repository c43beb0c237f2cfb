import { SearchOutlined } from '@ant-design/icons';
import { DEBTOR_LISTS, type DebtorListName, type DebtorsList } from '@crm/contracts';
import { Alert, Flex, Grid, Input, Segmented, Select, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { formatMoney, useCurrency } from '../courses/money';
import { ReportHeader } from '../reports/report-filters';
import { useReportGroupOptions } from '../reports/reports-api';
import { WriteSmsButton } from '../sms/write-sms-button';
import { type DebtorFilters, downloadDebtors, useDebtors } from './debtors-api';
import { DebtorsTable } from './debtors-table';

const SEARCH_DELAY_MS = 400;

/** `?list=not-enough` opens the second list, so it can be linked to (and reloads where it was). */
const listOf = (value: string | null): DebtorListName =>
  (DEBTOR_LISTS as readonly string[]).includes(value ?? '') ? (value as DebtorListName) : 'list';

/**
 * Spec §2 students/debtors: the branch's debtors (balance below zero) and the students whose balance does
 * not cover their next charge, with each group's balance, the debt in lessons, the totals and the Excel file.
 */
export function DebtorsPage() {
  const { branch } = useSession();
  return branch === null ? null : <BranchDebtors key={branch} branchId={branch} />;
}

function BranchDebtors({ branchId }: { branchId: number }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const list = listOf(params.get('list'));
  const [filters, setFilters] = useState<DebtorFilters>({});
  const [page, setPage] = useState(1);
  const debtors = useDebtors(list, branchId, filters, page);
  const pagination = debtors.data?.pagination;

  // Spec §5: any change of a filter or list starts again at page one.
  const setFilter = (patch: Partial<DebtorFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const showList = (next: DebtorListName) => {
    setParams(next === 'list' ? {} : { list: next }, { replace: true });
    setPage(1);
  };
  // A payment that empties the last page steps back to the page that is left.
  useEffect(() => {
    if (pagination && page > pagination.total_pages) setPage(pagination.total_pages);
  }, [pagination, page]);

  const failed = debtors.isError && !isHandledGlobally(debtors.error);
  return (
    <Flex vertical gap={16}>
      <ReportHeader title={t('debtors.title')} onDownload={() => downloadDebtors(branchId, filters, i18n.language)} />
      <Segmented<DebtorListName>
        aria-label={t('debtors.listLabel')}
        value={list}
        onChange={showList}
        options={DEBTOR_LISTS.map((name) => ({ value: name, label: t(`debtors.lists.${name}`) }))}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />
      <Typography.Text type="secondary">{t(`debtors.hints.${list}`)}</Typography.Text>
      {list === 'list' && (
        <WriteSmsButton
          audience={{ kind: 'debtors' }}
          audienceLabel={t('sms.audience.debtorsLabel')}
          branchId={branchId}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('sms.writeToDebtors')}
        </WriteSmsButton>
      )}
      <FilterBar branchId={branchId} filters={filters} onChange={setFilter} />
      {failed && <Alert type="error" showIcon title={errorMessage(t, debtors.error)} />}
      <Totals list={list} answer={debtors.data} />
      <DebtorsTable
        list={list}
        answer={debtors.data}
        pending={debtors.isPending}
        fetching={debtors.isFetching}
        page={page}
        onPage={setPage}
      />
    </Flex>
  );
}

/** Search by name or phone (typing waits for a pause before it asks) and the group. */
function FilterBar({
  branchId,
  filters,
  onChange,
}: {
  branchId: number;
  filters: DebtorFilters;
  onChange: (patch: Partial<DebtorFilters>) => void;
}) {
  const { t } = useTranslation();
  const groups = useReportGroupOptions(branchId);
  const narrow = !Grid.useBreakpoint().md;
  const [text, setText] = useState(filters.name_or_phone ?? '');
  useEffect(() => {
    if (text.trim() === (filters.name_or_phone ?? '')) return;
    const timer = setTimeout(() => onChange({ name_or_phone: text.trim() || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filters.name_or_phone, onChange]);
  const width = (wide: number) => (narrow ? { flex: '1 1 100%' } : { width: wide });
  return (
    <Flex wrap gap={8}>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('debtors.search')}
        aria-label={t('debtors.search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        style={width(260)}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('debtors.group')}
        placeholder={t('debtors.group')}
        loading={groups.isPending}
        value={filters.group_id}
        onChange={(value: number | undefined) => onChange({ group_id: value })}
        options={groups.data}
        style={width(220)}
      />
    </Flex>
  );
}

/** How many students the filter holds and what they owe (or lack for their next charges), in red. */
function Totals({ list, answer }: { list: DebtorListName; answer: DebtorsList | undefined }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  if (!answer) return <Skeleton.Input active style={{ width: 280 }} />;
  const amount = list === 'list' ? -answer.total_debt : (answer.total_shortfall ?? 0);
  return (
    <Flex wrap gap={24} align="baseline">
      <Typography.Text type="secondary">{t('debtors.count', { count: answer.pagination.total })}</Typography.Text>
      <Flex gap={8} align="baseline">
        <Typography.Text type="secondary">{t(`debtors.totals.${list}`)}</Typography.Text>
        <Typography.Text
          strong
          type={amount > 0 ? 'danger' : undefined}
          style={{ fontSize: 20 }}
          data-testid="debtors-total"
        >
          {formatMoney(amount, currency)}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
