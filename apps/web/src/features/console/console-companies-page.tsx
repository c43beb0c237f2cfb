import { DownOutlined } from '@ant-design/icons';
import type { ConsoleCompany } from '@crm/contracts';
import { Alert, Button, Dropdown, Empty, Flex, Grid, Input, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { type CompanyAction, CompanyActionModal } from './company-action-modals';
import { useConsoleCompanies } from './console-api';
import { dateText, dateTimeText, licenceColour } from './console-format';

const PER_PAGE = 20;
const WIDE = ['md' as const];

/** The centres: plan, licence, active students, this month's SMS, last activity and status, with the actions. */
export function ConsoleCompaniesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<{ company: ConsoleCompany; action: CompanyAction } | null>(null);
  const companies = useConsoleCompanies({ search: search || undefined, page, per_page: PER_PAGE });
  const list = companies.data;
  // The same breakpoint as the columns' `responsive`: below it, their figures go under the centre's name.
  const wide = Grid.useBreakpoint().md ?? true;

  const status = (company: ConsoleCompany) =>
    company.disabled ? (
      <Tag color="red">{t('console.companies.disabled')}</Tag>
    ) : (
      <Tag color="green">{t('console.companies.active')}</Tag>
    );
  const students = (company: ConsoleCompany) =>
    company.plan_student_limit === null
      ? String(company.students_active)
      : `${company.students_active} / ${company.plan_student_limit}`;
  const sms = (company: ConsoleCompany) => `${company.sms_used} / ${company.sms_monthly_limit}`;

  const columns: TableColumnsType<ConsoleCompany> = [
    {
      title: t('console.companies.columns.centre'),
      key: 'centre',
      render: (_, company) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{company.name}</Typography.Text>
          <Typography.Text type="secondary">{company.subdomain}</Typography.Text>
          {/* On a phone the figures' own columns are hidden: they are summed up here. */}
          {!wide && (
            <>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('console.companies.narrowFigures', { students: students(company), sms: sms(company) })}
              </Typography.Text>
              <span>{status(company)}</span>
            </>
          )}
        </Flex>
      ),
    },
    {
      title: t('console.companies.columns.plan'),
      key: 'plan',
      responsive: WIDE,
      render: (_, company) => company.plan_student_limit ?? t('console.companies.noLimit'),
    },
    {
      title: t('console.companies.columns.licence'),
      key: 'licence',
      render: (_, company) =>
        company.licence_ends_on === null || company.licence_days_left === null ? (
          <Typography.Text type="secondary">{t('console.companies.noLicence')}</Typography.Text>
        ) : (
          <Flex vertical gap={2} align="flex-start">
            <span style={{ whiteSpace: 'nowrap' }}>{dateText(company.licence_ends_on)}</span>
            <Tag color={licenceColour(company.licence_days_left)}>
              {company.licence_days_left < 0
                ? t('console.companies.expired')
                : t('console.companies.daysLeft', { count: company.licence_days_left })}
            </Tag>
          </Flex>
        ),
    },
    {
      title: t('console.companies.columns.students'),
      key: 'students',
      responsive: WIDE,
      render: (_, c) => students(c),
    },
    { title: t('console.companies.columns.sms'), key: 'sms', responsive: WIDE, render: (_, c) => sms(c) },
    {
      title: t('console.companies.columns.lastActivity'),
      key: 'lastActivity',
      responsive: WIDE,
      render: (_, company) =>
        company.last_activity_at ? (
          <span style={{ whiteSpace: 'nowrap' }}>{dateTimeText(company.last_activity_at)}</span>
        ) : (
          <Typography.Text type="secondary">{t('console.companies.never')}</Typography.Text>
        ),
    },
    { title: t('console.companies.columns.status'), key: 'status', responsive: WIDE, render: (_, c) => status(c) },
    {
      title: t('common.actions'),
      key: 'actions',
      align: 'right',
      render: (_, company) => (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'licence', label: t('console.actions.licence.menu') },
              { key: 'sms', label: t('console.actions.sms.menu') },
              company.policies.can_disable
                ? { key: 'disable', label: t('console.actions.disable.menu'), danger: true }
                : { key: 'enable', label: t('console.actions.enable.menu') },
            ],
            onClick: ({ key }) => setActing({ company, action: key as CompanyAction }),
          }}
        >
          <Button aria-label={t('console.companies.actionsOf', { name: company.name })}>
            {t('common.actions')} <DownOutlined />
          </Button>
        </Dropdown>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('console.companies.title')}
      </Typography.Title>
      <Input.Search
        allowClear
        placeholder={t('console.companies.search')}
        aria-label={t('console.companies.search')}
        maxLength={100}
        onSearch={(value) => {
          setSearch(value.trim());
          setPage(1);
        }}
        style={{ maxWidth: 360 }}
      />
      {companies.isError && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(t, companies.error)}
          action={<Button onClick={() => void companies.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list?.data ?? []}
        loading={companies.isPending || companies.isFetching}
        locale={{ emptyText: <Empty description={t('console.companies.empty')} /> }}
        pagination={{
          current: page,
          pageSize: PER_PAGE,
          total: list?.pagination.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
      {acting && <CompanyActionModal {...acting} onClose={() => setActing(null)} />}
    </Flex>
  );
}
