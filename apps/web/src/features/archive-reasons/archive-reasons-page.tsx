import type { ArchiveReason } from '@crm/contracts';
import { Alert, App, Flex, Segmented, Switch, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { emptyList, PageHeader, RowActions } from '../courses/catalog-ui';
import { runAction } from '../courses/form-errors';
import { ArchiveReasonFormModal, type ArchiveReasonFormTarget } from './archive-reason-form-modal';
import { useArchiveReasonMutations, useArchiveReasons } from './archive-reasons-api';

type Shown = 'all' | 'active' | 'inactive';

/** Spec §2 archive_reasons/list: why students leave groups. */
export function ArchiveReasonsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [shown, setShown] = useState<Shown>('all');
  const [target, setTarget] = useState<ArchiveReasonFormTarget | null>(null);
  const reasons = useArchiveReasons();
  const { update, remove } = useArchiveReasonMutations();
  const list = (reasons.data?.data ?? []).filter((r) => shown === 'all' || r.active === (shown === 'active'));
  const openCreate = () => setTarget({ mode: 'create' });

  const setActive = (reason: ArchiveReason, active: boolean) =>
    runAction(
      t,
      message,
      () => update.mutateAsync({ id: reason.id, name: reason.name, active }),
      t(active ? 'archiveReasons.activated' : 'archiveReasons.deactivated'),
    );

  const deleteReason = async (reason: ArchiveReason) => {
    try {
      const result = await remove.mutateAsync(reason.id);
      message.success(t(result.deactivated ? 'archiveReasons.deactivatedInUse' : 'archiveReasons.deleted'));
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  const columns: TableColumnsType<ArchiveReason> = [
    {
      title: t('archiveReasons.name'),
      key: 'name',
      render: (_, r) => <Typography.Text type={r.active ? undefined : 'secondary'}>{r.name}</Typography.Text>,
    },
    { title: t('archiveReasons.usage'), dataIndex: 'usage_count', key: 'usage', width: 130, responsive: ['sm'] },
    {
      title: t('archiveReasons.active'),
      key: 'active',
      width: 80,
      render: (_, r) => (
        <Switch
          checked={r.active}
          aria-label={t('archiveReasons.activeLabel', { name: r.name })}
          loading={update.isPending && update.variables?.id === r.id}
          onChange={(active) => setActive(r, active)}
        />
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_, r) => (
        <RowActions
          editLabel={t('archiveReasons.editLabel', { name: r.name })}
          deleteLabel={t('archiveReasons.deleteLabel', { name: r.name })}
          deleteQuestion={t('archiveReasons.deleteQuestion', { name: r.name })}
          deleteWarning={
            r.usage_count
              ? t('archiveReasons.deleteInUse', { count: r.usage_count })
              : t('archiveReasons.deleteWarning')
          }
          onEdit={() => setTarget({ mode: 'edit', reason: r })}
          onDelete={() => deleteReason(r)}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('archiveReasons.title')} addLabel={t('archiveReasons.add')} onAdd={openCreate} />
      <Segmented<Shown>
        value={shown}
        onChange={setShown}
        options={[
          { value: 'all', label: t('archiveReasons.all') },
          { value: 'active', label: t('archiveReasons.onlyActive') },
          { value: 'inactive', label: t('archiveReasons.onlyInactive') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {reasons.isError && !isHandledGlobally(reasons.error) && (
        <Alert type="error" showIcon title={errorMessage(t, reasons.error)} />
      )}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={list}
        loading={reasons.isFetching}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{
          emptyText: emptyList(reasons.isPending, t('archiveReasons.empty'), {
            label: t('archiveReasons.createFirst'),
            onClick: openCreate,
          }),
        }}
      />
      <ArchiveReasonFormModal target={target} onClose={() => setTarget(null)} />
    </Flex>
  );
}
