import type { CoinAccount } from '@crm/contracts';
import { Flex, Pagination, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainList } from '../../shared/ui/plain-list';
import { dateTime } from '../forms/form-format';
import { CoinMove, useEntryLabel } from './coin-format';
import { useCoinAccount } from './gamification-api';
import { QueryGate } from './query-gate';

interface CoinAccountViewProps {
  studentId: number;
  /** What stands above the history once the account has come (the balance, the staff's button). */
  header?: (account: CoinAccount) => ReactNode;
}

/** GET /gamification/coins/{id}: a student's coin account a page at a time, with its loading and refusal. */
export function CoinAccountView({ studentId, header }: CoinAccountViewProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const account = useCoinAccount(studentId, page);
  return (
    <QueryGate query={account} loading={t('gamification.history.loading')}>
      {(data) => (
        <Flex vertical gap={16}>
          {header?.(data)}
          <CoinHistory entries={data.entries} busy={account.isPlaceholderData} onPage={setPage} />
        </Flex>
      )}
    </QueryGate>
  );
}

interface CoinHistoryProps {
  entries: CoinAccount['entries'];
  /** A newer page is being read: the old one stays, dimmed. */
  busy: boolean;
  onPage: (page: number) => void;
}

/** A student's coin history, newest first, a page at a time: what came and went, why, who, when. */
function CoinHistory({ entries, busy, onPage }: CoinHistoryProps) {
  const { t } = useTranslation();
  const labelOf = useEntryLabel();
  const { pagination } = entries;
  return (
    <Flex vertical gap={8} aria-busy={busy} style={{ opacity: busy ? 0.6 : 1 }}>
      <PlainList
        items={entries.data}
        keyOf={(entry) => entry.id}
        empty={t('gamification.history.empty')}
        render={(entry) => (
          <Flex justify="space-between" gap={12}>
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text strong>{labelOf(entry)}</Typography.Text>
              {entry.reason && <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{entry.reason}</Typography.Text>}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[dateTime(entry.created_at), entry.author?.name].filter(Boolean).join(' · ')}
              </Typography.Text>
            </Flex>
            <CoinMove amount={entry.amount} />
          </Flex>
        )}
      />
      <Pagination
        align="center"
        size="small"
        current={pagination.current_page}
        pageSize={pagination.per_page}
        total={pagination.total}
        showSizeChanger={false}
        hideOnSinglePage
        onChange={onPage}
      />
    </Flex>
  );
}
