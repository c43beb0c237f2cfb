import { ARCHIVE_KINDS, type ArchiveKind } from '@crm/contracts';
import { Alert, Button, DatePicker, Flex, Input, Skeleton, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { type ArchiveFilters, useArchiveList } from './archive-api';
import { ArchiveTable } from './archive-table';

type Tab = 'all' | ArchiveKind;
const TABS: Tab[] = ['all', ...ARCHIVE_KINDS];
const ISO = 'YYYY-MM-DD';

/** Spec §2 archive (list/all): everything archived in the header's branch, by kind. */
export function ArchivePage() {
  const { branch } = useSession();
  return branch === null ? null : <BranchArchive key={branch} branchId={branch} />;
}

function BranchArchive({ branchId }: { branchId: number }) {
  const { t } = useTranslation();
  // The kind lives in the address, so a reload or the way back from a profile keeps the tab.
  const [params, setParams] = useSearchParams();
  const kind = TABS.find((tab) => tab === params.get('kind')) ?? 'all';
  const [search, setSearch] = useState('');
  const [period, setPeriod] = useState<{ from?: string; till?: string }>({});
  const [page, setPage] = useState(1);
  const filters = useMemo<ArchiveFilters>(
    () => ({ branch_id: branchId, kind, ...(search ? { search } : {}), ...period }),
    [branchId, kind, search, period],
  );
  const archive = useArchiveList(filters, page);
  const pagination = archive.data?.pagination;
  // Spec §5: a changed filter starts again at page one; a page emptied by restores steps back.
  useEffect(() => {
    if (pagination && page > pagination.total_pages) setPage(pagination.total_pages);
  }, [pagination, page]);
  const counts = archive.data?.counts;

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('archive.title')}
      </Typography.Title>
      <Flex wrap gap={8}>
        <Input.Search
          allowClear
          aria-label={t('archive.search')}
          placeholder={t('archive.search')}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
          style={{ width: 260, maxWidth: '100%' }}
        />
        <DatePicker.RangePicker
          aria-label={t('archive.period')}
          placeholder={[t('archive.from'), t('archive.till')]}
          format="DD.MM.YYYY"
          value={period.from && period.till ? [dayjs(period.from), dayjs(period.till)] : null}
          onChange={(range) => {
            setPeriod(range?.[0] && range[1] ? { from: range[0].format(ISO), till: range[1].format(ISO) } : {});
            setPage(1);
          }}
          style={{ width: 250, maxWidth: '100%' }}
        />
      </Flex>
      <Tabs
        activeKey={kind}
        onChange={(next) => {
          setParams(next === 'all' ? {} : { kind: next }, { replace: true });
          setPage(1);
        }}
        items={TABS.map((tab) => ({
          key: tab,
          label: counts ? `${t(`archive.tabs.${tab}`)} (${counts[tab]})` : t(`archive.tabs.${tab}`),
        }))}
      />
      {archive.isError && !isHandledGlobally(archive.error) && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(t, archive.error)}
          action={<Button onClick={() => void archive.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      {!archive.data && !archive.isError && <Skeleton active paragraph={{ rows: 6 }} />}
      {archive.data && (
        <ArchiveTable
          rows={archive.data.data}
          loading={archive.isFetching}
          showKind={kind === 'all'}
          pagination={pagination}
          page={page}
          onPage={setPage}
        />
      )}
    </Flex>
  );
}
