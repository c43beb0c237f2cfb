import {
  type Country,
  EXPENSE_PAYEE_MAX,
  type Expense,
  type ExpenseInput,
  fromMinorUnits,
  MONEY_COMMENT_MAX,
  type PaymentMethod,
  paymentMethodsOf,
  toMinorUnits,
} from '@crm/contracts';
import { App, AutoComplete, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { fieldProblemMessage } from '../../shared/forms/field-rules';
import { companyTodayDayjs } from '../../shared/session/company-today';
import { FormModal } from '../courses/catalog-ui';
import { type Dayjs, dayjs } from '../groups/dates';
import { type BucketValue, bucketOptions, bucketValue, fromBucketValue, methodLabel } from './expense-labels';
import { useExpenseMutations, useExpensePayees, useExpenseTypes } from './expenses-api';
import { MoneyInput } from './money-input';

export type ExpenseFormTarget = { mode: 'create'; branchId: number } | { mode: 'edit'; expense: Expense };

interface ExpenseFormValues {
  date: Dayjs | null;
  amount: number | null;
  bucket: BucketValue | undefined;
  method: PaymentMethod;
  payee: string;
  comment: string;
  reason: string;
}

const DATE_FORMAT = 'DD.MM.YYYY';

/** The server's field names as this form's (one select holds category and type; one box the payee). */
const FORM_FIELD: Record<string, keyof ExpenseFormValues> = {
  date: 'date',
  amount: 'amount',
  category: 'bucket',
  type_id: 'bucket',
  method: 'method',
  payee: 'payee',
  payee_user_id: 'payee',
  comment: 'comment',
  reason: 'reason',
};

/** The server's refusals of this form in the form's words (rules the shared messages do not know). */
function problemText(t: TFunction, problem: { field: string; rule: string; limit?: number }, value: unknown) {
  const own = `expenses.form.problems.${problem.field}_${problem.rule}`;
  return t(own, { defaultValue: fieldProblemMessage(t, problem, value) });
}

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export function ExpenseFormModal({
  target,
  country,
  currency,
  onClose,
}: {
  target: ExpenseFormTarget | null;
  country: Country;
  currency: string;
  onClose: () => void;
}) {
  return target ? <OpenExpenseForm target={target} country={country} currency={currency} onClose={onClose} /> : null;
}

/** Mounted while the dialog is open: its Idempotency-Key and the chosen payee live as long as it. */
function OpenExpenseForm({
  target,
  country,
  currency,
  onClose,
}: {
  target: ExpenseFormTarget;
  country: Country;
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ExpenseFormValues>();
  const { create, update } = useExpenseMutations();
  const editing = target.mode === 'edit' ? target.expense : null;
  const branchId = target.mode === 'edit' ? target.expense.branch_id : target.branchId;
  const types = useExpenseTypes();
  const payees = useExpensePayees(branchId);
  // One key per opened dialog: a second click or a retry after a lost answer is the same booking.
  const [idempotencyKey] = useState(newKey);
  // The employee picked from the list; typing other text makes the payee a plain name again.
  const [payeeUser, setPayeeUser] = useState<{ id: number; name: string } | null>(editing?.payee_user ?? null);
  const payeeText: string | undefined = Form.useWatch('payee', form);

  const initialValues = useMemo<ExpenseFormValues>(
    () => ({
      date: editing ? dayjs(editing.date) : companyTodayDayjs(),
      amount: editing ? fromMinorUnits(editing.amount, currency) : null,
      bucket: editing ? bucketValue(editing) : undefined,
      method: editing?.method ?? 'cash',
      payee: editing?.payee_user?.name ?? editing?.payee ?? '',
      comment: editing?.comment ?? '',
      reason: '',
    }),
    [editing, currency],
  );

  const save = async (values: ExpenseFormValues) => {
    const payee = values.payee.trim();
    const chosen = payeeUser && payeeUser.name === payee ? payeeUser : null;
    const input: ExpenseInput = {
      branch_id: branchId,
      ...fromBucketValue(values.bucket),
      amount: toMinorUnits(values.amount ?? 0, currency),
      date: values.date?.format('YYYY-MM-DD') ?? '',
      method: values.method,
      payee: chosen ? null : payee || null,
      payee_user_id: chosen?.id ?? null,
      comment: values.comment.trim() || null,
    };
    try {
      if (editing) await update.mutateAsync({ id: editing.id, ...input, reason: values.reason.trim() || null });
      else await create.mutateAsync({ ...input, key: idempotencyKey });
      message.success(t(editing ? 'expenses.updated' : 'expenses.created'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length) {
        form.setFields(
          error.fieldErrors
            .filter((problem) => FORM_FIELD[problem.field])
            .map((problem) => {
              const name = FORM_FIELD[problem.field] as keyof ExpenseFormValues;
              return { name, errors: [problemText(t, problem, form.getFieldValue(name))] };
            }),
        );
        return;
      }
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  const required = { required: true, message: t('validation.required') };
  return (
    <FormModal
      open
      title={t(editing ? 'expenses.form.editTitle' : 'expenses.form.createTitle')}
      form={form}
      saving={create.isPending || update.isPending}
      onClose={onClose}
      width={560}
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={save}>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="amount"
              label={t('expenses.form.amount')}
              required
              rules={[
                {
                  validator: async (_, value: number | null) => {
                    if (value === null || value === undefined) throw new Error(t('validation.required'));
                    if (toMinorUnits(value, currency) <= 0) throw new Error(t('expenses.form.amountPositive'));
                  },
                },
              ]}
            >
              <MoneyInput currency={currency} autoFocus />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="date" label={t('expenses.form.date')} rules={[required]}>
              <DatePicker format={DATE_FORMAT} allowClear={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="bucket" label={t('expenses.form.category')} rules={[required]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('expenses.form.categoryPlaceholder')}
                options={bucketOptions(t, types.data, editing?.type?.id)}
                loading={types.isPending}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="method" label={t('expenses.form.method')} rules={[required]}>
              <Select
                options={paymentMethodsOf(country, editing?.method).map((method) => ({
                  value: method,
                  label: methodLabel(t, method),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="payee"
          label={t('expenses.form.payee')}
          extra={payeeUser && payeeText?.trim() === payeeUser.name ? t('expenses.form.payeeIsEmployee') : undefined}
          rules={[{ max: EXPENSE_PAYEE_MAX, message: t('validation.too_big_text', { limit: EXPENSE_PAYEE_MAX }) }]}
        >
          <AutoComplete
            options={(payees.data ?? []).map((person) => ({ value: person.name, label: person.name, id: person.id }))}
            onSelect={(_: string, option: { value: string; id: number }) =>
              setPayeeUser({ id: option.id, name: option.value })
            }
            placeholder={t('expenses.form.payeePlaceholder')}
            filterOption={(typed, option) => (option?.value ?? '').toLowerCase().includes(typed.toLowerCase())}
            allowClear
          />
        </Form.Item>
        <Form.Item
          name="comment"
          label={t('expenses.form.comment')}
          rules={[{ max: MONEY_COMMENT_MAX, message: t('validation.too_big_text', { limit: MONEY_COMMENT_MAX }) }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        {editing && (
          <Form.Item
            name="reason"
            label={t('expenses.form.reason')}
            extra={t('expenses.form.reasonHint')}
            rules={[{ max: MONEY_COMMENT_MAX, message: t('validation.too_big_text', { limit: MONEY_COMMENT_MAX }) }]}
          >
            <Input />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}
