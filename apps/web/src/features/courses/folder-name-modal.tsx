import { type Folder, folderRenameSchema } from '@crm/contracts';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../shared/forms/field-rules';
import { FormModal } from './catalog-ui';
import { useFolderMutations } from './courses-api';
import { saveForm } from './form-errors';

/** A new folder of the course, or a folder to rename. */
export type FolderTarget = { mode: 'create' } | { mode: 'rename'; folder: Folder };

export function FolderNameModal({
  courseId,
  target,
  onClose,
}: {
  courseId: number;
  target: FolderTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const { create, rename } = useFolderMutations(courseId);
  const folder = target?.mode === 'rename' ? target.folder : null;

  const save = ({ name }: { name: string }) => {
    const input = { name: name.trim() };
    return saveForm(
      t,
      message,
      form,
      () => (folder ? rename.mutateAsync({ id: folder.id, ...input }) : create.mutateAsync(input)),
      {
        fields: ['name'],
        success: t(folder ? 'courses.folderRenamed' : 'courses.folderCreated'),
        onSaved: onClose,
      },
    );
  };

  return (
    <FormModal
      open={target !== null}
      title={t(folder ? 'courses.renameFolderTitle' : 'courses.createFolderTitle')}
      form={form}
      saving={create.isPending || rename.isPending}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" initialValues={folder ? { name: folder.name } : undefined} onFinish={save}>
        <Form.Item
          name="name"
          label={t('courses.folderName')}
          required
          rules={[schemaRule(t, folderRenameSchema.shape.name)]}
        >
          <Input autoFocus autoComplete="off" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
