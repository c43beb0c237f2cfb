import { LEAD_COMMENT_MAX, LEAD_NAME_MAX, onlyDigits, phoneDigitCount } from '@crm/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { showFieldErrors } from '../../shared/forms/field-rules';
import { PhoneInput, phoneRule } from '../users/phone-input';
import { type LeadFormInfo, sendLead } from './lead-form-api';

interface Values {
  name: string;
  phone: string;
  course_id?: number;
  branch_id?: number;
  comment?: string;
  /** The honeypot: people never see it; a bot that fills every field does. */
  website?: string;
}

const FIELDS = ['name', 'phone', 'course_id', 'branch_id', 'comment'] as const;

/** Off the screen rather than display:none, which some bots skip; out of the tab order and of screen readers. */
const HIDDEN: CSSProperties = {
  position: 'absolute',
  left: -10_000,
  top: 'auto',
  width: 1,
  height: 1,
  overflow: 'hidden',
};

/** The form of /entry/lead: name, phone in the country's mask, optional course, branch and comment. */
export function LeadFormFields({ info, onSent }: { info: LeadFormInfo; onSent: (name: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const country = info.company.country;

  const send = useMutation({
    mutationFn: (values: Values) =>
      sendLead({
        name: values.name,
        phone: onlyDigits(values.phone),
        comment: values.comment?.trim() || null,
        course_id: values.course_id ?? null,
        branch_id: values.branch_id ?? null,
        website: values.website || undefined,
      }),
    onSuccess: (_answer, values) => {
      form.resetFields();
      onSent(values.name.trim());
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        // The server checks the phone by the company country too; its refusal reads like the browser's.
        const phoneRefused = error.fieldErrors.find((f) => f.field === 'phone' && f.rule === 'phone_invalid');
        if (phoneRefused) {
          const count = phoneRefused.limit ?? phoneDigitCount(country);
          form.setFields([{ name: 'phone', errors: [t('users.form.phoneDigits', { count })] }]);
          return setFailure(null);
        }
        if (showFieldErrors(t, form, FIELDS, error)) return setFailure(null);
      }
      setFailure(errorMessage(t, error));
    },
  });

  return (
    <Form<Values>
      form={form}
      name="lead-form"
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={(values) => {
        setFailure(null);
        send.mutate(values);
      }}
    >
      {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Form.Item
        name="name"
        label={t('leadForm.name')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input maxLength={LEAD_NAME_MAX} autoComplete="name" />
      </Form.Item>
      <Form.Item name="phone" label={t('leadForm.phone')} rules={[phoneRule(t, country, true)]}>
        <PhoneInput country={country} />
      </Form.Item>
      {info.courses.length > 0 && (
        <Form.Item name="course_id" label={t('leadForm.course')}>
          <Select
            allowClear
            placeholder={t('leadForm.optional')}
            options={info.courses.map((course) => ({ value: course.id, label: course.name }))}
          />
        </Form.Item>
      )}
      {info.branches.length > 1 && (
        <Form.Item name="branch_id" label={t('leadForm.branch')}>
          <Select
            allowClear
            placeholder={t('leadForm.optional')}
            options={info.branches.map((branch) => ({ value: branch.id, label: branch.name }))}
          />
        </Form.Item>
      )}
      <Form.Item name="comment" label={t('leadForm.comment')}>
        <Input.TextArea
          rows={3}
          maxLength={LEAD_COMMENT_MAX}
          placeholder={t('leadForm.commentPlaceholder')}
          style={{ resize: 'none' }}
        />
      </Form.Item>
      <div aria-hidden style={HIDDEN}>
        {/* Named like a field a bot expects to fill; the label is for bots only, so it is not translated. */}
        <label htmlFor="lead-form-website">Website</label>
        <Form.Item name="website" noStyle>
          <input id="lead-form-website" type="text" tabIndex={-1} autoComplete="off" />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" block loading={send.isPending}>
        {t('leadForm.submit')}
      </Button>
    </Form>
  );
}
