import { type ExpenseType, expenseTypeInputSchema } from '@crm/contracts';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { schemaRule, showFieldErrors } from '../../shared/forms/field-rules';
import { FormModal } from '../courses/catalog-ui';
import { useExpenseTypeMutations } from './expenses-api';

export type ExpenseTypeFormTarget = { mode: 'create' } | { mode: 'edit'; type: ExpenseType };

/** Adds or renames an own expense type; a rename shows on every expense of the type. */
export function ExpenseTypeFormModal({
  target,
  onClose,
}: {
  target: ExpenseTypeFormTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const { create, update } = useExpenseTypeMutations();
  const editing = target?.mode === 'edit' ? target.type : null;

  const submit = async ({ name }: { name: string }) => {
    try {
      await (editing
        ? update.mutateAsync({ id: editing.id, name: name.trim(), active: editing.active })
        : create.mutateAsync({ name: name.trim() }));
      message.success(t(editing ? 'expenseTypes.updated' : 'expenseTypes.created'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        // A taken name is the name's problem (400, rule `unique`): said under the field in this page's words.
        if (error.fieldErrors.some((p) => p.field === 'name' && p.rule === 'unique')) {
          form.setFields([{ name: 'name', errors: [t('expenseTypes.nameTaken')] }]);
          return;
        }
        if (showFieldErrors(t, form, ['name'], error)) return;
      }
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  return (
    <FormModal
      open={target !== null}
      title={t(editing ? 'expenseTypes.editTitle' : 'expenseTypes.createTitle')}
      form={form}
      saving={create.isPending || update.isPending}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={editing ? { name: editing.name } : undefined}
        onFinish={submit}
      >
        <Form.Item
          name="name"
          label={t('expenseTypes.name')}
          required
          rules={[schemaRule(t, expenseTypeInputSchema.shape.name)]}
        >
          <Input autoFocus autoComplete="off" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
