import { AMOUNT_MAX, MONEY_COMMENT_MAX, minorDigitsOf, type PaymentMethod, toMinorUnits } from '@crm/contracts';
import { DatePicker, Form, type FormInstance, Input, InputNumber, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { showFieldErrors } from '../../shared/forms/field-rules';
import { useSession } from '../../shared/session/use-session';
import { groupThousands, ungroup, useCurrency } from '../courses/money';
import type { Dayjs } from '../groups/dates';
import { useProfile } from '../users/users-api';
import { useCompanyMethods } from './money-text';

/** What the money dialogs ask; the amount is typed in whole currency units, the date picked. */
export interface MoneyFormValues {
  amount: number | null;
  date: Dayjs;
  method?: PaymentMethod;
  group_id?: number | null;
  branch_id?: number | null;
  comment?: string;
  reason?: string;
}

/** The fields the API can name in a refusal (its body's field names). */
export const MONEY_FIELDS = ['amount', 'date', 'method', 'group_id', 'branch_id', 'comment', 'reason'] as const;

/**
 * Puts a refusal under the field it is about: a 400's field problems, or a refusal whose details name
 * a field (student_not_in_group → group_id). Returns false when it belongs to no field of the form.
 */
export function placeRefusal(t: TFunction, form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (showFieldErrors(t, form, MONEY_FIELDS, error)) return true;
  const field = (error.details as { field?: unknown } | undefined)?.field;
  if (typeof field === 'string' && (MONEY_FIELDS as readonly string[]).includes(field)) {
    form.setFields([{ name: field, errors: [errorMessage(t, error)] }]);
    return true;
  }
  return false;
}

/** Spec §5 "amount greater than 0", typed with thousands grouped by spaces, in the company currency. */
export function AmountField({ autoFocus }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  return (
    <Form.Item
      name="amount"
      label={t('finance.form.amount', { currency })}
      required
      rules={[
        {
          validator: async (_rule, value: number | null | undefined) => {
            if (value === null || value === undefined) throw new Error(t('validation.required'));
            const minor = toMinorUnits(value, currency);
            if (minor <= 0) throw new Error(t('finance.form.amountPositive'));
            if (minor > AMOUNT_MAX) throw new Error(t('finance.form.amountTooBig'));
          },
        },
      ]}
    >
      <InputNumber
        autoFocus={autoFocus}
        inputMode="decimal"
        min={0}
        precision={minorDigitsOf(currency)}
        formatter={groupThousands}
        parser={(text) => ungroup(text) as unknown as number}
        suffix={currency}
        style={{ width: '100%' }}
        size="large"
      />
    </Form.Item>
  );
}

export function DateField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="date"
      label={t('finance.form.date')}
      rules={[{ required: true, message: t('validation.required') }]}
    >
      <DatePicker format="DD.MM.YYYY" allowClear={false} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** Cash, card, transfer, bank account and the online providers of the company's country. */
export function MethodField({ current }: { current?: PaymentMethod | null }) {
  const { t } = useTranslation();
  const methods = useCompanyMethods(current);
  return (
    <Form.Item
      name="method"
      label={t('finance.form.method')}
      rules={[{ required: true, message: t('validation.required') }]}
    >
      <Select
        options={methods.map((method) => ({ value: method, label: t(`finance.methods.${method}`) }))}
        placeholder={t('finance.form.method')}
      />
    </Form.Item>
  );
}

/** The group the money is for: one of the student's groups, or none (his general balance). */
export function GroupField({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const profile = useProfile(studentId);
  const options = (profile.data?.groups ?? [])
    .filter((group) => group.student_status !== null)
    .map((group) => ({
      value: group.id,
      label: `${group.name} · ${t(`groups.students.status.${group.student_status}`)}`,
    }));
  return (
    <Form.Item name="group_id" label={t('finance.form.group')} extra={t('finance.form.groupHint')}>
      <Select
        allowClear
        loading={profile.isPending}
        options={options}
        placeholder={t('finance.form.noGroup')}
        notFoundContent={t('finance.form.noGroups')}
      />
    </Form.Item>
  );
}

/**
 * The cash desk that takes (or hands back) the money: asked only when the student studies in more than
 * one branch the cashier works in and the money is for no group (a group's money belongs to its branch).
 * It starts on the header's branch when that is one of the student's.
 */
export function BranchField({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const profile = useProfile(studentId);
  const { user, branch } = useSession();
  const form = Form.useFormInstance<MoneyFormValues>();
  const group = Form.useWatch('group_id', form);
  const mine = new Set(user?.branches.map((own) => own.id));
  const options = (profile.data?.branches ?? [])
    .filter((own) => mine.has(own.id))
    .map((own) => ({ value: own.id, label: own.name }));
  const initial = options.some((option) => option.value === branch) ? branch : undefined;
  if (options.length < 2 || group) return null;
  return (
    <Form.Item
      name="branch_id"
      label={t('finance.form.branch')}
      extra={t('finance.form.branchHint')}
      initialValue={initial}
    >
      <Select options={options} placeholder={t('finance.form.branch')} />
    </Form.Item>
  );
}

export function CommentField({ required, label }: { required?: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="comment"
      label={label}
      rules={required ? [{ required: true, whitespace: true, message: t('validation.required') }] : []}
    >
      <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={MONEY_COMMENT_MAX} showCount />
    </Form.Item>
  );
}

/** Why a booked entry is corrected: required, kept with the reversal. */
export function ReasonField({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="reason"
      label={label}
      rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
    >
      <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={MONEY_COMMENT_MAX} showCount />
    </Form.Item>
  );
}
