import { type Tag, TagType, type TagTypeId, tagCreateSchema } from '@crm/contracts';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../shared/forms/field-rules';
import { FormModal } from '../courses/catalog-ui';
import { saveForm } from '../courses/form-errors';
import { ColorSwatches } from './color-swatches';
import { useTagMutations } from './tags-api';

/** A new tag of a type, or an existing tag (whose type stays). */
export type TagFormTarget = { mode: 'create'; type: TagTypeId } | { mode: 'edit'; tag: Tag };

interface TagFormValues {
  name: string;
  color: string | null;
}

export function TagFormModal({ target, onClose }: { target: TagFormTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TagFormValues>();
  const { create, update } = useTagMutations();
  const editing = target?.mode === 'edit' ? target.tag : null;
  const type = ((target?.mode === 'edit' ? target.tag.type : target?.type) ?? TagType.student) as TagTypeId;

  const save = (values: TagFormValues) => {
    const input = { name: values.name.trim(), color: values.color ?? null };
    return saveForm(
      t,
      message,
      form,
      () => (editing ? update.mutateAsync({ id: editing.id, ...input }) : create.mutateAsync({ ...input, type })),
      {
        fields: ['name', 'color'],
        fieldOfCode: { tag_exists: 'name' },
        success: t(editing ? 'tags.updated' : 'tags.created'),
        onSaved: onClose,
      },
    );
  };

  return (
    <FormModal
      open={target !== null}
      title={`${t(editing ? 'tags.editTitle' : 'tags.createTitle')}: ${t(`tags.types.${type}`)}`}
      form={form}
      saving={create.isPending || update.isPending}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={editing ? { name: editing.name, color: editing.color } : { color: null }}
        onFinish={save}
      >
        <Form.Item name="name" label={t('tags.name')} required rules={[schemaRule(t, tagCreateSchema.shape.name)]}>
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="color" label={t('tags.color')}>
          <ColorSwatches />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
