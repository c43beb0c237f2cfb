import { PrinterOutlined } from '@ant-design/icons';
import { fromMinorUnits, type LedgerEntry, toMinorUnits } from '@crm/contracts';
import { Alert, App, Button, Flex, Form, Modal, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { companyTodayDayjs } from '../../shared/session/company-today';
import { formatMoney, useCurrency } from '../courses/money';
import { dayjs } from '../groups/dates';
import { useIdempotencyKey } from './idempotency';
import { useMoneyMutations } from './money-api';
import {
  AmountField,
  BranchField,
  CommentField,
  DateField,
  GroupField,
  MethodField,
  type MoneyFormValues,
  placeRefusal,
  ReasonField,
} from './money-fields';

/** What a money dialog does: take a payment, give money back, write off, or correct a payment. */
export type MoneyAction =
  | { kind: 'pay' }
  | { kind: 'refund' }
  | { kind: 'writeOff' }
  | { kind: 'edit'; entry: LedgerEntry };

interface MoneyDialogProps {
  action: MoneyAction | null;
  student: { id: number; name: string };
  onClose: () => void;
}

const ISO = 'YYYY-MM-DD';

/** The receipt's print view (a route of this feature). */
export const receiptPath = (entryId: number) => `/finance/receipt/${entryId}`;

/**
 * One dialog for the four money movements of the student profile (spec §2 pay, refund, write-off) and the
 * correction of a payment. Its body lives only while it is open, so each opening starts with an empty
 * form and its own Idempotency-Key.
 */
export function MoneyDialog({ action, student, onClose }: MoneyDialogProps) {
  const { t } = useTranslation();
  const title =
    action?.kind === 'edit'
      ? t('finance.edit.title', { id: action.entry.id })
      : t(`finance.${action?.kind ?? 'pay'}.title`);
  return (
    <Modal open={action !== null} title={title} onCancel={onClose} destroyOnHidden footer={null} width={520}>
      {action && <MoneyForm action={action} student={student} onClose={onClose} />}
    </Modal>
  );
}

/**
 * The form of one opening. A double click or a retry after a network error sends the same key and books
 * once. A refund asks first; a payment ends with the way to its receipt.
 */
function MoneyForm({ action, student, onClose }: MoneyDialogProps & { action: MoneyAction }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const currency = useCurrency();
  const [form] = Form.useForm<MoneyFormValues>();
  const key = useIdempotencyKey();
  const [problem, setProblem] = useState<string | null>(null);
  const [paid, setPaid] = useState<LedgerEntry | null>(null);
  const { pay, refund, writeOff, editPayment } = useMoneyMutations();
  const kind = action.kind;
  const editing = action.kind === 'edit' ? action.entry : null;
  const saving = pay.isPending || refund.isPending || writeOff.isPending || editPayment.isPending;
  const initialValues: MoneyFormValues = editing
    ? {
        amount: fromMinorUnits(editing.amount, currency),
        date: dayjs(editing.date),
        method: editing.method ?? undefined,
        group_id: editing.group?.id ?? null,
        comment: editing.comment ?? '',
      }
    : { amount: null, date: companyTodayDayjs(), method: kind === 'writeOff' ? undefined : 'cash', group_id: null };

  const send = async (values: MoneyFormValues): Promise<LedgerEntry> => {
    const common = {
      amount: toMinorUnits(values.amount ?? 0, currency),
      date: values.date.format(ISO),
      group_id: values.group_id ?? null,
    };
    const comment = values.comment?.trim() || null;
    if (kind === 'writeOff') {
      return writeOff.mutateAsync({ studentId: student.id, key, input: { ...common, comment: comment ?? '' } });
    }
    const method = values.method ?? 'cash';
    // A group's money belongs to the group's branch; the desk is chosen only for the general balance.
    const branch_id = values.group_id ? null : (values.branch_id ?? null);
    if (editing) {
      const input = { ...common, branch_id, method, comment, reason: values.reason?.trim() ?? '' };
      return editPayment.mutateAsync({ id: editing.id, key, input });
    }
    const input = { ...common, branch_id, student_id: student.id, method, comment };
    return kind === 'refund' ? refund.mutateAsync({ key, input }) : pay.mutateAsync({ key, input });
  };

  const submit = async (values: MoneyFormValues) => {
    setProblem(null);
    try {
      const entry = await send(values);
      message.success(t(`finance.${kind}.done`, { amount: formatMoney(Math.abs(entry.amount), currency) }));
      if (kind === 'pay') setPaid(entry);
      else onClose();
    } catch (error) {
      // Spec §8: payment errors are rethrown to the caller, here said on the field or at the dialog's top.
      if (!placeRefusal(t, form, error) && !isHandledGlobally(error)) setProblem(errorMessage(t, error));
    }
  };

  // Money handed back leaves the desk: the cashier confirms the amount and the person first.
  const confirmFirst = (values: MoneyFormValues) =>
    modal.confirm({
      title: t('finance.refund.confirm', {
        amount: formatMoney(toMinorUnits(values.amount ?? 0, currency), currency),
        name: student.name,
      }),
      content: t('finance.refund.confirmHint'),
      okText: t('finance.refund.submit'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => submit(values),
    });

  if (paid) {
    return (
      <Result
        status="success"
        title={t('finance.pay.done', { amount: formatMoney(paid.amount, currency) })}
        subTitle={t('finance.pay.doneHint', { name: student.name, id: paid.id })}
        extra={[
          <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => navigate(receiptPath(paid.id))}>
            {t('finance.receipt.print')}
          </Button>,
          <Button key="close" onClick={onClose}>
            {t('finance.close')}
          </Button>,
        ]}
      />
    );
  }
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={kind === 'refund' ? confirmFirst : submit}
      disabled={saving}
    >
      <Typography.Paragraph type="secondary">{t(`finance.${kind}.hint`, { name: student.name })}</Typography.Paragraph>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <AmountField autoFocus />
      <DateField />
      {kind !== 'writeOff' && <MethodField current={editing?.method} />}
      <GroupField studentId={student.id} />
      {kind !== 'writeOff' && <BranchField studentId={student.id} />}
      <CommentField
        required={kind === 'writeOff'}
        label={t(kind === 'writeOff' ? 'finance.form.writeOffReason' : 'finance.form.comment')}
      />
      {editing && <ReasonField label={t('finance.edit.reason')} />}
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose} disabled={false}>
          {t('common.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} danger={kind === 'refund' || kind === 'writeOff'}>
          {t(`finance.${kind}.submit`)}
        </Button>
      </Flex>
    </Form>
  );
}
