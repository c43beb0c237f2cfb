import { LEAD_COLUMNS, type Lead, type LeadColumn } from '@crm/contracts';
import { Alert, App, Form, Select, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/use-session';
import { FormModal } from '../courses/catalog-ui';
import { saveForm } from '../courses/form-errors';
import type { BoardActions } from './board/board-actions';
import { columnName } from './board/card-actions';
import { useLeadGroupOptions, useLeadReasons } from './lead-options-api';

interface CardDialogProps {
  lead: Lead | null;
  actions: BoardActions;
  onClose: () => void;
}

interface CardFormProps<Values> {
  lead: Lead | null;
  title: string;
  hint?: string;
  /** The form's fields: a refusal of one of them shows under it and the dialog stays open. */
  fields: string[];
  /** Refusals that belong to one field, by error code. */
  fieldOfCode?: Record<string, string>;
  success: string;
  initialValues?: Partial<Values>;
  onClose: () => void;
  save: (lead: Lead, values: Values) => Promise<unknown>;
  /** For a destructive action: its own words on a red button. */
  okText?: string;
  danger?: boolean;
  children: ReactNode;
}

/** A dialog about one card: its form; saving announces success and closes, a refusal stays in the dialog. */
function CardForm<Values>({
  lead,
  title,
  hint,
  fields,
  fieldOfCode,
  success,
  initialValues,
  onClose,
  save,
  okText,
  danger,
  children,
}: CardFormProps<Values>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const submit = async (values: Values) => {
    if (!lead) return;
    setSaving(true);
    await saveForm(t, message, form, () => save(lead, values), { fields, fieldOfCode, success, onSaved: onClose });
    setSaving(false);
  };
  return (
    <FormModal
      open={lead !== null}
      title={title}
      form={form}
      saving={saving}
      onClose={onClose}
      okText={okText}
      danger={danger}
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={submit}>
        {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
        {children}
      </Form>
    </FormModal>
  );
}

/** Spec §4: a card leaves the board to the archive with a deletion reason, which is required. */
export function ArchiveLeadModal({ lead, actions, onClose }: CardDialogProps) {
  const { t } = useTranslation();
  const reasons = useLeadReasons(false, lead !== null);
  return (
    <CardForm<{ reason_id: number }>
      lead={lead}
      title={t('leads.archive.title', { name: lead?.name })}
      hint={t('leads.archive.hint')}
      fields={['reason_id']}
      fieldOfCode={{ lead_reason_required: 'reason_id' }}
      success={t('leads.archive.done')}
      onClose={onClose}
      save={(card, { reason_id }) => actions.archive(card, reason_id)}
      okText={t('leads.archive.submit')}
      danger
    >
      {reasons.isSuccess && reasons.data.length === 0 && (
        <Alert type="warning" showIcon title={t('leads.archive.noReasons')} style={{ marginBottom: 12 }} />
      )}
      <Form.Item
        name="reason_id"
        label={t('leads.archive.reason')}
        rules={[{ required: true, message: t('errors.lead_reason_required') }]}
      >
        <Select
          autoFocus
          loading={reasons.isPending}
          options={(reasons.data ?? []).map((reason) => ({ value: reason.id, label: reason.title }))}
        />
      </Form.Item>
    </CardForm>
  );
}

/** Spec §4: leads move between branches; the card goes to the top of a column of the other board. */
export function MoveBranchModal({ lead, actions, onClose }: CardDialogProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const branches = (user?.branches ?? []).filter((branch) => branch.id !== lead?.branch_id);
  return (
    <CardForm<{ branch_id: number; column: LeadColumn }>
      lead={lead}
      title={t('leads.branch.title', { name: lead?.name })}
      fields={['branch_id', 'column']}
      success={t('leads.branch.done')}
      initialValues={{
        column: lead?.column ?? 'incoming',
        branch_id: branches.length === 1 ? branches[0]?.id : undefined,
      }}
      onClose={onClose}
      save={(card, values) => actions.toBranch(card, values.branch_id, values.column)}
    >
      <Form.Item
        name="branch_id"
        label={t('leads.branch.branch')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <Select autoFocus options={branches.map((branch) => ({ value: branch.id, label: branch.name }))} />
      </Form.Item>
      <Form.Item name="column" label={t('leads.fields.column')}>
        <Select options={LEAD_COLUMNS.map((column) => ({ value: column, label: columnName(t, column) }))} />
      </Form.Item>
    </CardForm>
  );
}

/**
 * Spec §4 "a set can become a group": the lead becomes a trial student of one of the branch's running
 * groups — for everyone who works the board, a marketer too (decision 0015).
 */
export function MakeStudentModal({ lead, actions, onClose }: CardDialogProps) {
  const { t } = useTranslation();
  const groups = useLeadGroupOptions(lead?.branch_id ?? 0, lead !== null);
  return (
    <CardForm<{ group_id: number }>
      lead={lead}
      title={t('leads.student.title', { name: lead?.name })}
      hint={t('leads.student.hint')}
      fields={['group_id']}
      success={t('leads.student.done')}
      onClose={onClose}
      save={(card, { group_id }) => actions.toStudent(card, group_id)}
    >
      <Form.Item
        name="group_id"
        label={t('leads.student.group')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <Select
          autoFocus
          showSearch={{ optionFilterProp: 'label' }}
          loading={groups.isPending}
          options={(groups.data ?? []).map((group) => ({
            value: group.id,
            label: [group.title, group.course, group.teacher].join(' · '),
          }))}
        />
      </Form.Item>
    </CardForm>
  );
}
