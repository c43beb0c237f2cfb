import type { ReminderBucket, ReminderStatusFilter } from '@crm/contracts';
import { Alert, Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { PageHeader } from '../courses/catalog-ui';
import { ReminderBuckets } from './reminder-buckets';
import { DEFAULT_FILTERS, ReminderFilters, type TaskFilters } from './reminder-filters';
import { ReminderFormModal, type TaskFormTarget } from './reminder-form-modal';
import { useReminderList } from './reminders-api';
import { useTaskActions } from './task-actions';

/** The buckets each status filter shows, in the page's order (the server answers the others empty). */
const SHOWN: Record<ReminderStatusFilter, readonly ReminderBucket[]> = {
  active: ['overdue', 'today', 'future'],
  overdue: ['overdue'],
  done: ['done'],
  all: ['overdue', 'today', 'future', 'done'],
};

/** Spec §2 /reminders: the tasks of the header's branch in buckets, with filters and the task form. */
export function RemindersPage() {
  const { t } = useTranslation();
  const { branch } = useSession();
  const [filters, setFilters] = useState<TaskFilters>(DEFAULT_FILTERS);
  const [pages, setPages] = useState<Partial<Record<ReminderBucket, number>>>({});
  const [form, setForm] = useState<TaskFormTarget | null>(null);
  const branchId = branch ?? undefined;
  const list = useReminderList(branchId, { ...filters, pages }, { enabled: branchId !== undefined });
  const actions = useTaskActions();
  const shown = SHOWN[filters.status];

  const changeFilters = (next: TaskFilters) => {
    setFilters(next);
    // Spec §5: a new filter starts every bucket from its first page.
    setPages({});
  };

  let body: ReactNode;
  if (list.isError) {
    body = isHandledGlobally(list.error) ? null : (
      <Alert
        type="error"
        showIcon
        title={t('reminders.loadError')}
        description={errorMessage(t, list.error)}
        action={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  } else if (!list.data) {
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 5 }} />
      </Card>
    );
  } else if (shown.every((bucket) => list.data[bucket].meta.total === 0)) {
    const untouched = JSON.stringify(filters) === JSON.stringify(DEFAULT_FILTERS);
    body = (
      <Card>
        <Empty description={t(untouched ? 'reminders.emptyActive' : 'reminders.empty')}>
          {untouched && branchId !== undefined && (
            <Button type="primary" onClick={() => setForm({ mode: 'create', branchId })}>
              {t('reminders.add')}
            </Button>
          )}
        </Empty>
      </Card>
    );
  } else {
    body = (
      <ReminderBuckets
        list={list.data}
        buckets={shown}
        onPage={(bucket, page) => setPages((current) => ({ ...current, [bucket]: page }))}
        onToggle={actions.toggle}
        onEdit={(task) => setForm({ mode: 'edit', task })}
        onDelete={actions.remove}
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      <div>
        <PageHeader
          title={t('reminders.title')}
          addLabel={t('reminders.add')}
          onAdd={() => branchId !== undefined && setForm({ mode: 'create', branchId })}
        />
        <Typography.Text type="secondary">{t('reminders.subtitle')}</Typography.Text>
      </div>
      <ReminderFilters
        value={filters}
        onChange={changeFilters}
        branchId={branchId}
        byAssignee={list.data?.policies.can_assign_others ?? false}
      />
      {body}
      <ReminderFormModal target={form} policies={list.data?.policies} onClose={() => setForm(null)} />
      {actions.dialogs}
    </Flex>
  );
}
