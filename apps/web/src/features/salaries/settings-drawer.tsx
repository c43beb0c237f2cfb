import { PlusOutlined } from '@ant-design/icons';
import type { SalarySetting } from '@crm/contracts';
import { seesAllBranches } from '@crm/contracts';
import { Alert, App, Button, Drawer, Flex, Table, type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { roleIdsOf } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';
import { emptyList, RowActions } from '../courses/catalog-ui';
import { runAction } from '../courses/form-errors';
import { formatMoney, useCurrency } from '../courses/money';
import { useSalarySettingMutations, useSalarySettings } from './salaries-api';
import { SettingFormModal, type SettingTarget } from './setting-form-modal';

/** Whom a rule is for, in words: "Kamola Ergasheva · English", "Every teacher (company default)". */
const scopeText = (t: TFunction, s: SalarySetting) =>
  [s.teacher?.name ?? t('salaries.settings.everyTeacher'), s.course?.name ?? t('salaries.settings.anyCourse')].join(
    ' · ',
  );

/** The rules of pay of the company (spec §3, §7), opened from the new-salaries page; a reader only reads them. */
export function SettingsDrawer({
  open,
  canManage,
  onClose,
}: {
  open: boolean;
  canManage: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user, company } = useSession();
  const currency = useCurrency();
  const companyId = company?.id ?? 0;
  const settings = useSalarySettings(open ? company?.id : undefined);
  const { remove } = useSalarySettingMutations(companyId);
  const [target, setTarget] = useState<SettingTarget | null>(null);
  const companyWide = seesAllBranches(user ? roleIdsOf(user) : []);

  const columns: TableColumnsType<SalarySetting> = [
    { title: t('salaries.settings.teacher'), key: 'scope', render: (_, s) => scopeText(t, s) },
    { title: t('salaries.settings.base'), key: 'base', render: (_, s) => t(`salaries.bases.${s.base}`) },
    {
      title: t('salaries.settings.value'),
      key: 'value',
      align: 'right',
      render: (_, s) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {s.amount !== null ? formatMoney(s.amount, currency) : `${s.percent} %`}
        </span>
      ),
    },
    {
      title: t('salaries.columns.actions'),
      key: 'actions',
      render: (_, s) => {
        const name = scopeText(t, s);
        // A company-wide rule is the owner's and CEO's; the server refuses others too.
        return !canManage || (s.teacher === null && !companyWide) ? null : (
          <RowActions
            size="small"
            editLabel={t('salaries.settings.editLabel', { name })}
            deleteLabel={t('salaries.settings.deleteLabel', { name })}
            deleteQuestion={t('salaries.settings.deleteQuestion', { name })}
            deleteWarning={t('salaries.settings.deleteWarning')}
            onEdit={() => setTarget({ setting: s })}
            onDelete={() => runAction(t, message, () => remove.mutateAsync(s.id), t('salaries.settings.deleted'))}
          />
        );
      },
    },
  ];

  return (
    <Drawer open={open} onClose={onClose} size="min(760px, 100vw)" title={t('salaries.settings.title')}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('salaries.settings.hint')}</Typography.Text>
        {canManage && (
          <Flex justify="end">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ setting: null })}>
              {t('salaries.settings.add')}
            </Button>
          </Flex>
        )}
        {settings.isError && <Alert type="error" showIcon title={errorMessage(t, settings.error)} />}
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={settings.data?.data}
          loading={settings.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: emptyList(settings.isPending, t('salaries.settings.empty')) }}
        />
      </Flex>
      {settings.data && (
        <SettingFormModal
          companyId={companyId}
          target={target}
          options={settings.data}
          companyWide={companyWide}
          onClose={() => setTarget(null)}
        />
      )}
    </Drawer>
  );
}
