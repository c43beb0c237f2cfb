import { EXPENSE_CATEGORIES, type ExpenseType, expenseTypeInputSchema } from '@crm/contracts';
import { Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NamedCataloguePage } from '../catalogue/named-catalogue-page';
import { useExpenseTypeMutations, useExpenseTypes } from './expenses-api';

/**
 * Spec §2 finance/expense-categories: the standard categories of spec §3, which every
 * company has, and the company's own expense types, which it adds, renames and removes.
 */
export function ExpenseCategoriesPage() {
  const { t } = useTranslation();
  const types = useExpenseTypes();
  const writes = useExpenseTypeMutations();
  return (
    <NamedCataloguePage<'name', ExpenseType>
      spec={{
        words: 'expenseTypes',
        nameField: 'name',
        nameSchema: expenseTypeInputSchema.shape.name,
        writes,
        activeInForm: false,
        // A taken name is the name's problem (400, rule `unique`): said under the field in this page's words.
        ruleWords: { 'name:unique': t('expenseTypes.nameTaken') },
      }}
      list={types}
      rows={types.data}
      columns={[
        { title: t('expenseTypes.usage'), dataIndex: 'usage_count', key: 'usage', width: 120, responsive: ['sm'] },
      ]}
      deleteWarning={(type) => t(type.deletable ? 'expenseTypes.deleteWarning' : 'expenseTypes.deleteInUse')}
      intro={<StandardCategories />}
    />
  );
}

/** The categories every company has (spec §3), above the company's own types. */
function StandardCategories() {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}
