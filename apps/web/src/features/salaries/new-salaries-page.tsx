import { CalculatorOutlined, SettingOutlined, WarningOutlined } from '@ant-design/icons';
import type { Salary } from '@crm/contracts';
import { Alert, App, Button, Flex, Space, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { emptyList } from '../courses/catalog-ui';
import { formatMoney, useCurrency } from '../courses/money';
import { lastMonth, MonthPicker } from './month-picker';
import { PublishDialog, UnpublishDialog } from './publish-dialogs';
import { useSalaries, useSalaryMutations } from './salaries-api';
import { LinesButton, SalaryDrawer, StatusTag } from './salary-detail';
import { SettingsDrawer } from './settings-drawer';

/** Every teacher of the month on one page, so "publish all" sees every draft. */
const MONTH_PAGE = 500;

/**
 * Spec §2 finance/new-salaries: calculate a month for the branch, review each teacher's
 * lines, publish one or all (each after a confirmation), and keep the rules of pay.
 */
export function NewSalariesPage() {
  const { branch } = useSession();
  return branch === null ? null : <BranchMonth key={branch} branchId={branch} />;
}

function BranchMonth({ branchId }: { branchId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const currency = useCurrency();
  const [month, setMonth] = useState(lastMonth);
  const [open, setOpen] = useState<number | null>(null);
  const [publishing, setPublishing] = useState<Salary[] | null>(null);
  const [unpublishing, setUnpublishing] = useState<Salary | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const list = useSalaries({ branch_id: branchId, month }, 1, MONTH_PAGE);
  const { calculate } = useSalaryMutations();
  const canManage = list.data?.can_manage ?? false;
  const salaries = list.data?.data ?? [];
  const drafts = salaries.filter((s) => s.status === 'draft' && s.amount > 0);

  const runCalculation = async () => {
    try {
      const result = await calculate.mutateAsync({ month, branch_id: branchId });
      message.success(t('salaries.calculated', { count: result.data.length - result.published_kept }));
      if (result.published_kept) message.info(t('salaries.publishedKept', { count: result.published_kept }));
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  const columns: TableColumnsType<Salary> = [
    {
      title: t('salaries.columns.teacher'),
      key: 'teacher',
      render: (_, s) => (
        <Space size={6}>
          <span>{s.teacher.name}</span>
          {s.unsettled_groups.length > 0 && (
            <Tooltip title={t('salaries.unsettled', { groups: s.unsettled_groups.map((g) => g.title).join(', ') })}>
              <WarningOutlined style={{ color: '#faad14' }} aria-label={t('salaries.unsettled', { groups: '' })} />
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: t('salaries.columns.lessons'), key: 'lessons', responsive: ['md'], render: (_, s) => s.lesson_count },
    { title: t('salaries.columns.students'), key: 'students', responsive: ['md'], render: (_, s) => s.student_count },
    {
      title: t('salaries.columns.amount'),
      key: 'amount',
      align: 'right',
      render: (_, s) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(s.amount, currency)}</span>,
    },
    { title: t('salaries.columns.status'), key: 'status', render: (_, s) => <StatusTag status={s.status} /> },
    {
      title: t('salaries.columns.actions'),
      key: 'actions',
      render: (_, s) => (
        <Space size={4} wrap>
          <LinesButton salary={s} onOpen={setOpen} />
          {canManage && s.status === 'draft' && (
            <Button size="small" type="primary" disabled={s.amount <= 0} onClick={() => setPublishing([s])}>
              {t('salaries.publish')}
            </Button>
          )}
          {canManage && s.status === 'published' && (
            <Button size="small" danger onClick={() => setUnpublishing(s)}>
              {t('salaries.unpublish')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('salaries.titles.newSalaries')}
        </Typography.Title>
        <Space wrap>
          <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
            {t('salaries.settings.open')}
          </Button>
          {canManage && (
            <Button type="primary" icon={<CalculatorOutlined />} loading={calculate.isPending} onClick={runCalculation}>
              {t('salaries.calculate')}
            </Button>
          )}
        </Space>
      </Flex>
      <Flex wrap gap={12} align="center" justify="space-between">
        <MonthPicker value={month} onChange={setMonth} />
        <Space wrap>
          <Typography.Text strong>
            {t('salaries.total')}: {formatMoney(list.data?.total ?? 0, currency)}
          </Typography.Text>
          {canManage && drafts.length > 0 && (
            <Button onClick={() => setPublishing(drafts)}>{t('salaries.publishAll')}</Button>
          )}
        </Space>
      </Flex>
      {list.data && !canManage && <Alert type="info" showIcon title={t('salaries.readOnly')} />}
      {list.isError && !isHandledGlobally(list.error) && (
        <Alert type="error" showIcon title={errorMessage(t, list.error)} />
      )}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={salaries}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: emptyList(
            list.isPending,
            t('salaries.emptyDrafts'),
            canManage ? { label: t('salaries.calculate'), onClick: runCalculation } : undefined,
          ),
        }}
      />
      <SalaryDrawer id={open} onClose={() => setOpen(null)} />
      <PublishDialog salaries={publishing} onClose={() => setPublishing(null)} />
      <UnpublishDialog salary={unpublishing} onClose={() => setUnpublishing(null)} />
      <SettingsDrawer open={settingsOpen} canManage={canManage} onClose={() => setSettingsOpen(false)} />
    </Flex>
  );
}
