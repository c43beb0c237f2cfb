import { formatPhone } from '@crm/contracts';
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../courses/catalog-ui';
import { saveForm } from '../courses/form-errors';
import {
  type ColumnTitles,
  LEAD_FORM_FIELDS,
  LeadFormFields,
  type LeadFormValues,
  leadInputOf,
} from './lead-form-fields';
import { useLeadMutations } from './leads-api';

/**
 * The toolbar's "New lead": POST /leadData; the board shows the card when its record arrives. `phone` (the call
 * widget's caller) is typed in already.
 */
export function NewLeadModal({
  open,
  phone,
  branchId,
  country,
  columnTitles,
  onClose,
  onCreated,
}: {
  open: boolean;
  phone?: string;
  branchId: number;
  country: string;
  columnTitles: ColumnTitles;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<LeadFormValues>();
  const { create } = useLeadMutations();
  const save = (values: LeadFormValues) =>
    saveForm(
      t,
      message,
      form,
      () =>
        create.mutateAsync({
          ...leadInputOf(values, country),
          branch_id: branchId,
          column: values.column ?? 'incoming',
        }),
      {
        fields: LEAD_FORM_FIELDS,
        success: t('leads.form.created'),
        onSaved: () => {
          onCreated();
          onClose();
        },
      },
    );
  return (
    <FormModal
      open={open}
      title={t('leads.form.createTitle')}
      form={form}
      saving={create.isPending}
      onClose={onClose}
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ column: 'incoming', tag_ids: [], phone: phone ? formatPhone(phone, country) : undefined }}
        onFinish={save}
      >
        <LeadFormFields country={country} branchId={branchId} withColumn columnTitles={columnTitles} />
      </Form>
    </FormModal>
  );
}
