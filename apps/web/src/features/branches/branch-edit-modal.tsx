import { App, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/use-session';
import { saveForm } from '../courses/form-errors';
import { BRANCH_FIELDS, BranchFields, type BranchFormValues, branchValuesOf, toBranchInput } from './branch-fields';
import { useBranchMutations } from './branches-api';
import type { AdminBranch } from './branches-page';

/** Edits a working branch (PUT /branch/{id}); the same fields as a new one. */
export function BranchEditModal({ branch, onClose }: { branch: AdminBranch | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { company } = useSession();
  const country = company?.datas.country ?? 'uz';
  const [form] = Form.useForm<BranchFormValues>();
  const { update } = useBranchMutations();

  const submit = (values: BranchFormValues) => {
    if (!branch) return;
    return saveForm(t, message, form, () => update.mutateAsync({ id: branch.id, ...toBranchInput(values, country) }), {
      fields: BRANCH_FIELDS,
      success: t('branches.updated', { name: values.name.trim() }),
      onSaved: onClose,
    });
  };

  return (
    <Modal
      open={branch !== null}
      title={branch ? t('branches.editTitle', { name: branch.name }) : undefined}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
      width={640}
    >
      {branch && (
        <Form<BranchFormValues>
          form={form}
          layout="vertical"
          initialValues={branchValuesOf(branch, country)}
          onFinish={submit}
          requiredMark={false}
        >
          <BranchFields country={country} autoFocus />
        </Form>
      )}
    </Modal>
  );
}
