import { DownloadOutlined } from '@ant-design/icons';
import type { HistoryItem } from '@crm/contracts';
import { App, Button, Card, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { downloadHistory, type HistoryFilters, useCompanyHistory } from './history-api';
import { type Concerned, HistoryFilterBar } from './history-filters';
import { HistoryList } from './history-line';

const ID_KEYS = ['actor_id', 'branch_id', 'student_id', 'group_id', 'lead_id'] as const;
const CONCERNED_KEYS = ['student_id', 'group_id', 'lead_id'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const positive = (text: string | null) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

/** The filters the address holds (the page can be shared, and opened for one student: ?student_id=7). */
function filtersOf(params: URLSearchParams): HistoryFilters {
  const filters: HistoryFilters = {};
  for (const key of ID_KEYS) filters[key] = positive(params.get(key));
  const types = (params.get('type') ?? '')
    .split(',')
    .map(positive)
    .filter((t): t is number => t !== undefined);
  if (types.length) filters.type = types;
  const from = params.get('from');
  const till = params.get('till');
  if (from && till && DAY.test(from) && DAY.test(till)) Object.assign(filters, { from, till });
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as HistoryFilters;
}

function paramsOf(filters: HistoryFilters, page: number): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || (Array.isArray(value) && !value.length)) continue;
    params[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  if (page > 1) params.page = String(page);
  return params;
}

/** The student, group or lead the log is narrowed to, named as the events name it (else by number). */
function concernedOf(filters: HistoryFilters, items: readonly HistoryItem[] = []): Concerned | null {
  const key = CONCERNED_KEYS.find((k) => filters[k] !== undefined);
  if (!key) return null;
  const id = filters[key];
  const names = items.map(({ refs }) => {
    if (key === 'student_id') return refs.person?.id === id ? refs.person?.name : undefined;
    if (key === 'group_id') return refs.group?.id === id ? refs.group?.title : undefined;
    return refs.lead?.id === id ? refs.lead?.name : undefined;
  });
  return { key, name: names.find(Boolean) ?? `#${id}` };
}

/** Spec §2 history (logs): the company's events, filtered, a sentence each, with its Excel file. */
export function HistoryPage() {
  const { company } = useSession();
  return company ? <CompanyHistory companyId={company.id} /> : null;
}

function CompanyHistory({ companyId }: { companyId: number }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const page = positive(params.get('page')) ?? 1;
  const history = useCompanyHistory(companyId, filters, page);
  const [busy, setBusy] = useState(false);

  // Any change of a filter starts again at page one (spec §5).
  const change = (patch: Partial<HistoryFilters>) => setParams(paramsOf({ ...filters, ...patch }, 1));
  const download = async () => {
    setBusy(true);
    try {
      await downloadHistory(companyId, filters, i18n.language);
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('history.title')}
        </Typography.Title>
        {history.data?.policies.export && (
          <Button icon={<DownloadOutlined />} loading={busy} onClick={download}>
            {t('history.export')}
          </Button>
        )}
      </Flex>
      <HistoryFilterBar filters={filters} onChange={change} concerned={concernedOf(filters, history.data?.data)} />
      <Card size="small" styles={{ body: { paddingBlock: 4 } }}>
        <HistoryList
          history={history}
          page={page}
          onPage={(next) => setParams(paramsOf(filters, next))}
          empty={t(Object.keys(filters).length ? 'history.emptyFiltered' : 'history.empty')}
          showBranch
        />
        {history.data && history.data.pagination.total > 0 && (
          <Typography.Text type="secondary" style={{ display: 'block', padding: '8px 0', fontSize: 12 }}>
            {t('history.total', { count: history.data.pagination.total })}
          </Typography.Text>
        )}
      </Card>
    </Flex>
  );
}
