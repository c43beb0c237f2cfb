import type { Holiday } from '@crm/contracts';
import { App, Flex, Select, Space, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyTodayDayjs } from '../../shared/session/company-today';
import { CatalogueTable } from '../catalogue/catalogue-table';
import { PageHeader, RowActions } from '../courses/catalog-ui';
import { runAction } from '../courses/form-errors';
import { DATE_FORMAT, HolidayFormModal, type HolidayFormTarget } from './holiday-form-modal';
import { useHolidayMutations, useHolidays } from './holidays-api';

/** Spec §2 holiday: the company's days without lessons, one year at a time. */
export function HolidaysPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const thisYear = companyTodayDayjs().year();
  const [year, setYear] = useState(thisYear);
  const [target, setTarget] = useState<HolidayFormTarget | null>(null);
  const holidays = useHolidays(year);
  const { remove } = useHolidayMutations();
  const years = Array.from({ length: 6 }, (_, i) => thisYear - 2 + i);
  const openCreate = () => setTarget({ mode: 'create', year });

  const columns: TableColumnsType<Holiday> = [
    {
      title: t('holidays.date'),
      key: 'date',
      width: 130,
      render: (_, h) => (
        <Space orientation="vertical" size={0}>
          <span>{dayjs(h.date).format(DATE_FORMAT)}</span>
          <Typography.Text type="secondary">{dayjs(h.date).format('dddd')}</Typography.Text>
        </Space>
      ),
    },
    { title: t('holidays.name'), dataIndex: 'name', key: 'name' },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 104,
      render: (_, h) => (
        <RowActions
          editLabel={t('holidays.editLabel', { name: h.name })}
          deleteLabel={t('holidays.deleteLabel', { name: h.name })}
          deleteQuestion={t('holidays.deleteQuestion', { name: h.name, date: dayjs(h.date).format(DATE_FORMAT) })}
          onEdit={() => setTarget({ mode: 'edit', item: h })}
          onDelete={() => runAction(t, message, () => remove.mutateAsync(h.id), t('holidays.deleted'))}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('holidays.title')}
        addLabel={t('holidays.add')}
        onAdd={openCreate}
        extra={
          <Select
            aria-label={t('holidays.year')}
            value={year}
            onChange={setYear}
            options={years.map((y) => ({ value: y, label: String(y) }))}
            style={{ width: 110 }}
          />
        }
      />
      <CatalogueTable
        list={holidays}
        rows={holidays.data?.data}
        columns={columns}
        empty={t('holidays.empty', { year })}
        createFirst={{ label: t('holidays.createFirst'), onClick: openCreate }}
      />
      <HolidayFormModal target={target} onClose={() => setTarget(null)} />
    </Flex>
  );
}
