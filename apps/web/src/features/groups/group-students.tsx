import { DownOutlined, MessageOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  canAccess,
  type Group,
  type GroupStudent,
  RUNNING_GROUP_STATUSES,
  STUDENT_STATUS_TRANSITIONS,
  StudentStatus,
  type StudentStatusId,
} from '@crm/contracts';
import { Alert, App, Button, Dropdown, Empty, Flex, Table, type TableColumnsType, Typography } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { phoneText } from '../../shared/format/phone';
import { roleIdsOf } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';
import { formatMoney, useCurrency } from '../courses/money';
import { useGamificationOn, useGroupCoins } from '../gamification/gamification-api';
import { dateText } from './dates';
import { StudentStatusTag } from './group-tags';
import { useGroupStudentMutations, useGroupStudents } from './groups-api';
import { AddStudentModal, type StudentDialog, StudentDialogs } from './student-modals';

/** The students of a group with their statuses, individual prices and the actions of spec §4. */
export function GroupStudents({ group }: { group: Group }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { user, company } = useSession();
  const country = company?.datas.country ?? 'uz';
  const currency = useCurrency();
  const students = useGroupStudents(group.id);
  const mutations = useGroupStudentMutations(group.id);
  const [adding, setAdding] = useState(false);
  const [dialog, setDialog] = useState<StudentDialog | null>(null);
  // Spec §6: acting on a student's place is the students area (a teacher only reads).
  const canAct = user ? canAccess('students', roleIdsOf(user)) : false;
  const open = (RUNNING_GROUP_STATUSES as readonly number[]).includes(group.status);
  // Spec §6 group comments: the teacher and the staff who run groups write about a student.
  const comments = user ? canAccess('groupList', roleIdsOf(user)) : false;
  const capacity = students.data?.capacity ?? group.capacity;
  // Issue 21: each student's coin balance, while the company's gamification is on.
  const coinsOn = useGamificationOn();
  const coins = useGroupCoins(group.id, coinsOn);

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      message.success(success);
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  const menuFor = (row: GroupStudent): ItemType[] => {
    const from = row.student_status as StudentStatusId;
    const statusItems = STUDENT_STATUS_TRANSITIONS[from].map((to): ItemType => {
      const label =
        from === StudentStatus.archived
          ? t(`groups.students.actions.restore${to}`)
          : t(`groups.students.actions.${to}`);
      return {
        key: `status-${to}`,
        label,
        danger: to === StudentStatus.archived,
        onClick: () => {
          if (to === StudentStatus.archived || to === StudentStatus.active) setDialog({ kind: 'status', row, to });
          else
            void run(
              () => mutations.setStatus.mutateAsync({ studentId: row.student.id, status: to }),
              t('groups.students.statusChanged'),
            );
        },
      };
    });
    const placeItems: ItemType[] =
      from === StudentStatus.archived
        ? []
        : [
            {
              key: 'transfer',
              label: t('groups.students.actions.transfer'),
              onClick: () => setDialog({ kind: 'transfer', row }),
            },
            {
              key: 'price',
              label: t('groups.students.actions.price'),
              onClick: () => setDialog({ kind: 'price', row }),
            },
          ];
    return [
      ...statusItems,
      { type: 'divider' },
      ...placeItems,
      {
        key: 'delete',
        danger: true,
        label: t('groups.students.actions.delete'),
        onClick: () =>
          modal.confirm({
            title: t('groups.students.deleteQuestion', { name: row.student.name }),
            content: t('groups.students.deleteWarning'),
            okText: t('common.delete'),
            okButtonProps: { danger: true },
            cancelText: t('common.cancel'),
            onOk: () => run(() => mutations.remove.mutateAsync(row.student.id), t('groups.students.deleted')),
          }),
      },
    ];
  };

  const columns: TableColumnsType<GroupStudent> = [
    {
      title: t('groups.students.name'),
      key: 'name',
      render: (_, row) =>
        canAct ? <Link to={`/students/profile/${row.student.id}`}>{row.student.name}</Link> : row.student.name,
    },
    { title: t('groups.students.phone'), key: 'phone', render: (_, row) => phoneText(row.student.phone, country) },
    {
      title: t('groups.students.statusLabel'),
      key: 'status',
      render: (_, row) => (
        <Flex vertical gap={2} align="flex-start">
          <StudentStatusTag status={row.student_status} />
          {row.student_status === StudentStatus.archived && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[dateText(row.left_date), row.archive_reason?.name, row.archive_comment].filter(Boolean).join(' · ')}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('groups.students.joinedAt'), key: 'joined', render: (_, row) => dateText(row.created_date) },
    {
      title: t('groups.students.price'),
      key: 'price',
      render: (_, row) =>
        row.exception_sum === null ? (
          '—'
        ) : (
          <Flex vertical gap={2}>
            <span>{formatMoney(row.exception_sum, currency)}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dateText(row.exception_sum_start_date)} – {dateText(row.exception_sum_end_date)}
            </Typography.Text>
          </Flex>
        ),
    },
  ];
  if (coinsOn) {
    columns.push({
      title: t('gamification.column'),
      key: 'coins',
      align: 'right',
      // A student without an entry has earned nothing yet; a dash while the balances load (or were refused).
      render: (_, row) => (coins.data ? (coins.data.get(row.student.id) ?? 0) : '—'),
    });
  }
  if (comments) {
    columns.push({
      title: t('groups.studentComments.column'),
      key: 'comments',
      render: (_, row) => (
        <Link
          to={`/groups/${group.id}/comments/${row.student.id}`}
          aria-label={t('groups.studentComments.open', { name: row.student.name })}
        >
          <MessageOutlined /> {t('groups.studentComments.column')}
        </Link>
      ),
    });
  }
  if (canAct) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, row) => (
        <Dropdown trigger={['click']} menu={{ items: menuFor(row) }}>
          <Button aria-label={t('groups.students.actionsLabel', { name: row.student.name })}>
            {t('common.actions')} <DownOutlined />
          </Button>
        </Dropdown>
      ),
    });
  }

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">
          {t('groups.students.count', { students: capacity.students, capacity: capacity.capacity ?? '—' })}
        </Typography.Text>
        {canAct && open && (
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
            {t('groups.students.add')}
          </Button>
        )}
      </Flex>
      {capacity.full && (
        <Alert
          type="warning"
          showIcon
          title={t('groups.students.capacityFull', { students: capacity.students, capacity: capacity.capacity })}
        />
      )}
      {students.isError && !isHandledGlobally(students.error) && (
        <Alert type="error" showIcon title={errorMessage(t, students.error)} />
      )}
      <Table
        rowKey={(row) => row.student.id}
        columns={columns}
        dataSource={students.data?.data}
        loading={students.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        // Archived places stay listed (spec §8 "check archived list"), dimmed.
        onRow={(row) => ({ style: row.student_status === StudentStatus.archived ? { opacity: 0.6 } : undefined })}
        locale={{ emptyText: students.isPending ? ' ' : <Empty description={t('groups.students.empty')} /> }}
      />
      <AddStudentModal open={adding} group={group} onClose={() => setAdding(false)} />
      <StudentDialogs dialog={dialog} group={group} onClose={() => setDialog(null)} />
    </Flex>
  );
}
