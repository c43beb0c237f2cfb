import { DisconnectOutlined } from '@ant-design/icons';
import type { WorklyBinding, WorklyPolicies } from '@crm/contracts';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Grid,
  Popconfirm,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { dateText } from '../users/people-kinds';
import { useBindWorkly, useUnbindWorkly, useWorklyBindings } from './workly-api';
import { WorklyProblem } from './workly-problem';

/** The worker binding error of spec §8 in words: its reason's sentence, else the code's. */
export function bindingRefusal(t: TFunction, error: unknown): string {
  const reason = (error instanceof ApiError && error.code === 'worker_binding_error' ? error.details : null) as {
    reason?: string;
  } | null;
  return reason?.reason
    ? t(`workly.bindings.refusals.${reason.reason}`, { defaultValue: errorMessage(t, error) })
    : errorMessage(t, error);
}

/**
 * Which staff member of the branch is which Workly employee. The owner and the CEO bind and unbind (the
 * server's `policies.bind`); the others see the table as it is.
 */
export function BindingTable({ branchId, policies }: { branchId: number; policies: WorklyPolicies }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const bindings = useWorklyBindings(branchId, true);
  const bind = useBindWorkly();
  const unbind = useUnbindWorkly();
  const [userId, setUserId] = useState<number | undefined>();
  const [employeeId, setEmployeeId] = useState<string | undefined>();
  const data = bindings.data;

  const submit = async () => {
    if (userId === undefined || employeeId === undefined) return;
    try {
      await bind.mutateAsync({ user_id: userId, workly_employee_id: employeeId });
      message.success(t('workly.bindings.saved'));
      setUserId(undefined);
      setEmployeeId(undefined);
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(bindingRefusal(t, error));
    }
  };
  const remove = async (row: WorklyBinding) => {
    try {
      await unbind.mutateAsync(row.user_id);
      message.success(t('workly.bindings.removed', { name: row.user_name }));
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  // On a phone the Workly name and the date go under the staff member's name.
  const narrow = !Grid.useBreakpoint().sm;
  const employeeOf = (row: WorklyBinding) =>
    row.workly_name ?? (
      <Flex gap={6} align="center" wrap>
        <Typography.Text type="secondary">#{row.workly_employee_id}</Typography.Text>
        <Tag color="warning">{t('workly.bindings.notListed')}</Tag>
      </Flex>
    );
  const columns: TableColumnsType<WorklyBinding> = [
    narrow
      ? {
          title: t('workly.bindings.staff'),
          key: 'staff',
          render: (_, row) => (
            <Flex vertical>
              <span>{row.user_name}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {employeeOf(row)} · {dateText(row.bound_at)}
              </Typography.Text>
            </Flex>
          ),
        }
      : { title: t('workly.bindings.staff'), dataIndex: 'user_name', key: 'staff' },
    ...(narrow
      ? []
      : [
          {
            title: t('workly.bindings.employee'),
            key: 'employee',
            render: (_: unknown, row: WorklyBinding) => employeeOf(row),
          },
          {
            title: t('workly.bindings.since'),
            key: 'since',
            render: (_: unknown, row: WorklyBinding) => dateText(row.bound_at),
          },
        ]),
    ...(policies.bind
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 80,
            render: (_: unknown, row: WorklyBinding) => (
              <Popconfirm
                title={t('workly.bindings.unbindQuestion', { name: row.user_name })}
                description={t('workly.bindings.unbindWarning')}
                okText={t('workly.bindings.unbind')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(row)}
              >
                <Button
                  danger
                  icon={<DisconnectOutlined />}
                  aria-label={t('workly.bindings.unbindLabel', { name: row.user_name })}
                  title={t('workly.bindings.unbindLabel', { name: row.user_name })}
                />
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card size={narrow ? 'small' : 'default'} title={t('workly.bindings.title')}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('workly.bindings.help')}</Typography.Text>
        {bindings.isError && !isHandledGlobally(bindings.error) && (
          <WorklyProblem error={bindings.error} onRetry={() => void bindings.refetch()} canConnect={policies.connect} />
        )}
        {policies.bind ? (
          <Flex gap={8} wrap>
            <Select
              aria-label={t('workly.bindings.chooseStaff')}
              placeholder={t('workly.bindings.chooseStaff')}
              value={userId}
              onChange={setUserId}
              showSearch={{ optionFilterProp: 'label' }}
              options={data?.unbound_staff.map((s) => ({ value: s.id, label: s.name }))}
              loading={bindings.isPending}
              style={{ flex: '1 1 200px', minWidth: 0 }}
            />
            <Select
              aria-label={t('workly.bindings.chooseEmployee')}
              placeholder={t('workly.bindings.chooseEmployee')}
              value={employeeId}
              onChange={setEmployeeId}
              showSearch={{ optionFilterProp: 'label' }}
              options={data?.employees
                .filter((e) => !e.bound)
                .map((e) => ({ value: e.id, label: e.position ? `${e.full_name} · ${e.position}` : e.full_name }))}
              loading={bindings.isPending}
              style={{ flex: '1 1 200px', minWidth: 0 }}
            />
            <Button
              type="primary"
              onClick={() => void submit()}
              loading={bind.isPending}
              disabled={userId === undefined || employeeId === undefined}
            >
              {t('workly.bindings.bind')}
            </Button>
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('workly.bindings.onlyOwner')}</Typography.Text>
        )}
        <Table
          rowKey="user_id"
          size="small"
          columns={columns}
          dataSource={data?.bindings}
          loading={bindings.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={(data?.bindings.length ?? 0) > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          locale={{ emptyText: bindings.isPending ? ' ' : <Empty description={t('workly.bindings.empty')} /> }}
        />
      </Flex>
    </Card>
  );
}
