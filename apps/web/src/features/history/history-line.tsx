import {
  type Area,
  canAccess,
  companyTimeZone,
  countryRules,
  type HistoryItem,
  type HistoryLinkKind,
  historyEventLabel,
  historySentenceParts,
  normalizeLanguage,
  type RoleId,
  type SentenceContext,
  zonedDateTime,
} from '@crm/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, List, Pagination, Skeleton, Typography } from 'antd';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import type { ListResponse } from '../../shared/api/list-response';
import { roleIdsOf } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';

/** Where a name in a sentence leads, and the area that page needs (spec §6): no link the user could not open. */
const LINKS: Record<HistoryLinkKind, { area: Area; path: (id: number) => string }> = {
  student: { area: 'students', path: (id) => `/students/profile/${id}` },
  teacher: { area: 'teachers', path: (id) => `/teachers/profile/${id}` },
  staff: { area: 'staff', path: (id) => `/staff/profile/${id}` },
  group: { area: 'groupPage', path: (id) => `/groups/${id}` },
  // A lead has no page of its own: its history is everything that happened to it.
  lead: { area: 'history', path: (id) => `/history?lead_id=${id}` },
};

/** How a sentence is worded here: the interface's language, the company's currency and branch names. */
export function useSentenceContext(): SentenceContext & { timeZone: string; roles: RoleId[] } {
  const { i18n } = useTranslation();
  const { company, user } = useSession();
  return useMemo(() => {
    const names = new Map((user?.branches ?? []).map((branch) => [branch.id, branch.name]));
    const datas = company?.datas ?? { country: 'uz' };
    return {
      language: normalizeLanguage(i18n.language),
      currency: countryRules(datas.country).currency,
      branchName: (id: number) => names.get(id),
      timeZone: companyTimeZone(datas),
      roles: user ? roleIdsOf(user) : [],
    };
  }, [i18n.language, company, user]);
}

/** "21.03.2026 14:05" in the company's time zone (the day the date filter counts it on). */
export function historyTime(iso: string, timeZone: string): string {
  const { date, time } = zonedDateTime(new Date(iso), timeZone);
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)} ${time}`;
}

/** One event as a sentence: names link to what they name (where the user may go), figures stand out. */
export function HistorySentence({ item }: { item: HistoryItem }) {
  const context = useSentenceContext();
  const parts = historySentenceParts(item, context);
  return (
    <span>
      {parts.map((part, index) => {
        const link = part.link ? LINKS[part.link.kind] : undefined;
        const key = `${index}-${part.text}`;
        if (part.link && link && canAccess(link.area, context.roles)) {
          return (
            <Link key={key} to={link.path(part.link.id)}>
              {part.text}
            </Link>
          );
        }
        if (part.missing)
          return (
            <Typography.Text key={key} type="secondary">
              {part.text}
            </Typography.Text>
          );
        return part.strong ? <strong key={key}>{part.text}</strong> : <Fragment key={key}>{part.text}</Fragment>;
      })}
    </span>
  );
}

/** A line of a log: when, then what happened; under it the event type and branch. Wraps on a phone. */
export function HistoryLine({ item, showBranch = false }: { item: HistoryItem; showBranch?: boolean }) {
  const context = useSentenceContext();
  const branch = showBranch && item.branch_id !== null ? context.branchName?.(item.branch_id) : undefined;
  return (
    <Flex gap="4px 16px" wrap style={{ width: '100%' }}>
      <Typography.Text
        type="secondary"
        style={{ flex: '0 0 128px', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        {historyTime(item.created_at, context.timeZone)}
      </Typography.Text>
      <Flex vertical style={{ flex: '1 1 240px', minWidth: 0 }}>
        <HistorySentence item={item} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[historyEventLabel(item.type, context.language), branch].filter(Boolean).join(' · ')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

interface HistoryListProps {
  history: UseQueryResult<ListResponse<HistoryItem>>;
  page: number;
  onPage: (page: number) => void;
  empty: string;
  showBranch?: boolean;
  /** The History page narrowed to the same thing (with what else concerns it), for who may open it. */
  more?: string;
}

/**
 * A page of events as lines, with the states every list has: loading, an error with retry, nothing yet,
 * and a pager. The History page, the student's and the group's history all show events through it.
 */
export function HistoryList({ history, page, onPage, empty, showBranch, more }: HistoryListProps) {
  const { t } = useTranslation();
  const { roles } = useSentenceContext();
  const pagination = history.data?.pagination;
  if (history.isError && !history.data) {
    return isHandledGlobally(history.error) ? null : (
      <Alert
        type="error"
        showIcon
        title={errorMessage(t, history.error)}
        action={<Button onClick={() => void history.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (history.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Flex vertical gap={12}>
      <List
        loading={history.isFetching}
        dataSource={history.data?.data ?? []}
        locale={{ emptyText: <Empty description={empty} /> }}
        renderItem={(item) => (
          <List.Item key={item.id}>
            <HistoryLine item={item} showBranch={showBranch} />
          </List.Item>
        )}
      />
      {pagination && pagination.total_pages > 1 && (
        <Pagination
          current={page}
          total={pagination.total}
          pageSize={pagination.per_page}
          onChange={onPage}
          showSizeChanger={false}
          size="small"
          style={{ alignSelf: 'center' }}
        />
      )}
      {more && canAccess('history', roles) && <Link to={more}>{t('history.openInHistory')}</Link>}
    </Flex>
  );
}
