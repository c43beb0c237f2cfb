import { type LeadSource, leadSourceInputSchema } from '@crm/contracts';
import { Alert, App, Button, Flex, Form, Input, Modal, Switch, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { schemaRule } from '../../shared/forms/field-rules';
import { emptyList, FormModal, RowActions } from '../courses/catalog-ui';
import { runAction, saveForm } from '../courses/form-errors';
import { leadSourceName, useLeadSourceMutations, useLeadSources } from './lead-options-api';

type SourceTarget = { mode: 'create' } | { mode: 'edit'; source: LeadSource };

/** Spec §2 leads "sources": where leads come from (Instagram, a friend, the street banner…). */
export function LeadSourcesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const sources = useLeadSources();
  const { update, remove } = useLeadSourceMutations();
  const [target, setTarget] = useState<SourceTarget | null>(null);

  const columns: TableColumnsType<LeadSource> = [
    { title: t('leads.sources.name'), key: 'name', render: (_, source) => leadSourceName(t, source.name) },
    {
      title: t('leads.sources.active'),
      key: 'active',
      width: 80,
      render: (_, source) => (
        <Switch
          checked={source.active}
          aria-label={t('leads.sources.activeLabel', { name: source.name })}
          onChange={(active) =>
            runAction(
              t,
              message,
              () => update.mutateAsync({ id: source.id, name: source.name, active }),
              t('leads.sources.saved'),
            )
          }
        />
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 100,
      render: (_, source) => (
        <RowActions
          size="small"
          editLabel={t('leads.sources.editLabel', { name: source.name })}
          deleteLabel={t('leads.sources.deleteLabel', { name: source.name })}
          deleteQuestion={t('leads.sources.deleteQuestion', { name: source.name })}
          deleteWarning={t('leads.sources.deleteWarning')}
          onEdit={() => setTarget({ mode: 'edit', source })}
          onDelete={() =>
            remove.mutateAsync(source.id).then(
              (answer) =>
                message.success(t(answer.deactivated ? 'leads.sources.deactivatedInUse' : 'leads.sources.deleted')),
              (error: unknown) => {
                if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
              },
            )
          }
        />
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={t('leads.sources.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('leads.close')}</Button>}
      width={560}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Button type="primary" style={{ alignSelf: 'flex-start' }} onClick={() => setTarget({ mode: 'create' })}>
          {t('leads.sources.add')}
        </Button>
        {sources.isError && !isHandledGlobally(sources.error) && (
          <Alert type="error" showIcon title={errorMessage(t, sources.error)} />
        )}
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={sources.data ?? []}
          loading={sources.isFetching}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: emptyList(sources.isPending, t('leads.sources.empty')) }}
        />
      </Flex>
      <SourceFormModal target={target} onClose={() => setTarget(null)} />
    </Modal>
  );
}

function SourceFormModal({ target, onClose }: { target: SourceTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const { create, update } = useLeadSourceMutations();
  const editing = target?.mode === 'edit' ? target.source : null;
  const save = ({ name }: { name: string }) =>
    saveForm(
      t,
      message,
      form,
      () =>
        editing
          ? update.mutateAsync({ id: editing.id, name: name.trim(), active: editing.active })
          : create.mutateAsync({ name: name.trim(), active: true }),
      { fields: ['name'], success: t('leads.sources.saved'), onSaved: onClose },
    );
  return (
    <FormModal
      open={target !== null}
      title={t(editing ? 'leads.sources.editTitle' : 'leads.sources.createTitle')}
      form={form}
      saving={create.isPending || update.isPending}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" initialValues={{ name: editing?.name ?? '' }} onFinish={save}>
        <Form.Item
          name="name"
          label={t('leads.sources.name')}
          required
          rules={[schemaRule(t, leadSourceInputSchema.shape.name)]}
        >
          <Input autoFocus autoComplete="off" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
