import { EXPENSE_CATEGORIES, type ExpenseType } from '@crm/contracts';
import { Alert, App, Card, Flex, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { emptyList, PageHeader, RowActions } from '../courses/catalog-ui';
import { runAction } from '../courses/form-errors';
import { ExpenseTypeFormModal, type ExpenseTypeFormTarget } from './expense-type-form-modal';
import { useExpenseTypeMutations, useExpenseTypes } from './expenses-api';

/**
 * Spec §2 finance/expense-categories: the standard categories of spec §3, which every
 * company has, and the company's own expense types, which it adds, renames and removes.
 */
export function ExpenseCategoriesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [target, setTarget] = useState<ExpenseTypeFormTarget | null>(null);
  const types = useExpenseTypes();
  const { update, remove } = useExpenseTypeMutations();
  const openCreate = () => setTarget({ mode: 'create' });

  const setActive = (type: ExpenseType, active: boolean) =>
    runAction(
      t,
      message,
      () => update.mutateAsync({ id: type.id, name: type.name, active }),
      t(active ? 'expenseTypes.activated' : 'expenseTypes.deactivated'),
    );

  const deleteType = async (type: ExpenseType) => {
    try {
      const result = await remove.mutateAsync(type.id);
      message.success(t(result.deactivated ? 'expenseTypes.deactivatedInUse' : 'expenseTypes.deleted'));
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  const columns: TableColumnsType<ExpenseType> = [
    {
      title: t('expenseTypes.name'),
      key: 'name',
      render: (_, type) => <Typography.Text type={type.active ? undefined : 'secondary'}>{type.name}</Typography.Text>,
    },
    { title: t('expenseTypes.usage'), dataIndex: 'usage_count', key: 'usage', width: 120, responsive: ['sm'] },
    {
      title: t('expenseTypes.active'),
      key: 'active',
      width: 90,
      render: (_, type) => (
        <Switch
          checked={type.active}
          aria-label={t('expenseTypes.activeLabel', { name: type.name })}
          loading={update.isPending && update.variables?.id === type.id}
          onChange={(active) => setActive(type, active)}
        />
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_, type) => (
        <RowActions
          editLabel={t('expenseTypes.editLabel', { name: type.name })}
          deleteLabel={t('expenseTypes.deleteLabel', { name: type.name })}
          deleteQuestion={t('expenseTypes.deleteQuestion', { name: type.name })}
          deleteWarning={t(type.deletable ? 'expenseTypes.deleteWarning' : 'expenseTypes.deleteInUse')}
          onEdit={() => setTarget({ mode: 'edit', type })}
          onDelete={() => deleteType(type)}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('expenseTypes.title')} addLabel={t('expenseTypes.add')} onAdd={openCreate} />
      <Card size="small" title={t('expenses.standardCategories')}>
        <Typography.Paragraph type="secondary">{t('expenseTypes.standardHint')}</Typography.Paragraph>
        <Flex wrap gap={8} role="list" aria-label={t('expenses.standardCategories')}>
          {EXPENSE_CATEGORIES.map((category) => (
            <Tag key={category} role="listitem" style={{ marginInlineEnd: 0 }}>
              {t(`expenses.categories.${category}`)}
            </Tag>
          ))}
        </Flex>
      </Card>
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        {t('expenses.ownTypes')}
      </Typography.Title>
      {types.isError && !isHandledGlobally(types.error) && (
        <Alert type="error" showIcon title={errorMessage(t, types.error)} />
      )}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={types.data}
        loading={types.isFetching}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{
          emptyText: emptyList(types.isPending, t('expenseTypes.empty'), {
            label: t('expenseTypes.createFirst'),
            onClick: openCreate,
          }),
        }}
      />
      <ExpenseTypeFormModal target={target} onClose={() => setTarget(null)} />
    </Flex>
  );
}
