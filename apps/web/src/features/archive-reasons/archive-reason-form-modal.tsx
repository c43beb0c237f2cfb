import { type ArchiveReason, archiveReasonInputSchema } from '@crm/contracts';
import { App, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../shared/forms/field-rules';
import { FormModal } from '../courses/catalog-ui';
import { saveForm } from '../courses/form-errors';
import { useArchiveReasonMutations } from './archive-reasons-api';

export type ArchiveReasonFormTarget = { mode: 'create' } | { mode: 'edit'; reason: ArchiveReason };

interface ArchiveReasonFormValues {
  name: string;
  active: boolean;
}

export function ArchiveReasonFormModal({
  target,
  onClose,
}: {
  target: ArchiveReasonFormTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ArchiveReasonFormValues>();
  const { create, update } = useArchiveReasonMutations();
  const editing = target?.mode === 'edit' ? target.reason : null;

  const save = (values: ArchiveReasonFormValues) => {
    const input = { name: values.name.trim(), active: values.active };
    return saveForm(
      t,
      message,
      form,
      () => (editing ? update.mutateAsync({ id: editing.id, ...input }) : create.mutateAsync(input)),
      {
        fields: ['name', 'active'],
        success: t(editing ? 'archiveReasons.updated' : 'archiveReasons.created'),
        onSaved: onClose,
      },
    );
  };

  return (
    <FormModal
      open={target !== null}
      title={t(editing ? 'archiveReasons.editTitle' : 'archiveReasons.createTitle')}
      form={form}
      saving={create.isPending || update.isPending}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={editing ? { name: editing.name, active: editing.active } : { active: true }}
        onFinish={save}
      >
        <Form.Item
          name="name"
          label={t('archiveReasons.name')}
          required
          rules={[schemaRule(t, archiveReasonInputSchema.shape.name)]}
        >
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="active" label={t('archiveReasons.active')} extra={t('archiveReasons.activeHint')}>
          <Switch />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
