import { type Branch, type BranchInput, branchInputSchema, formatPhone, normalizePhone } from '@crm/contracts';
import { Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../shared/forms/field-rules';
import { WORKING_HOURS_FIELDS, WorkingHoursFields } from '../settings/working-hours-fields';
import { PhoneInput, phoneRule } from '../users/phone-input';

/** A branch as its form holds it: texts as typed, the phone in the company country's mask. */
export interface BranchFormValues {
  name: string;
  address: string;
  phone: string;
  start_of_working_day: string | null;
  end_of_working_day: string | null;
  landmark: string;
}

/** The form's fields, as the server names them in a validation_failed answer. */
export const BRANCH_FIELDS = ['name', 'address', 'phone', ...WORKING_HOURS_FIELDS, 'landmark'] as const;

export const EMPTY_BRANCH: BranchFormValues = {
  name: '',
  address: '',
  phone: '',
  start_of_working_day: null,
  end_of_working_day: null,
  landmark: '',
};

export const branchValuesOf = (branch: Branch, country: string): BranchFormValues => ({
  name: branch.name,
  address: branch.address ?? '',
  phone: formatPhone(branch.phone ?? '', country),
  start_of_working_day: branch.start_of_working_day ?? null,
  end_of_working_day: branch.end_of_working_day ?? null,
  landmark: branch.landmark ?? '',
});

const orNull = (text: string | undefined) => text?.trim() || null;

export const toBranchInput = (values: BranchFormValues, country: string): BranchInput => ({
  name: values.name.trim(),
  address: orNull(values.address),
  phone: values.phone?.trim() ? normalizePhone(values.phone, country) : null,
  start_of_working_day: values.start_of_working_day || null,
  end_of_working_day: values.end_of_working_day || null,
  landmark: orNull(values.landmark),
});

/** Name, address, phone, working hours and the landmark SMS texts quote; the same on create and edit. */
export function BranchFields({ country, autoFocus }: { country: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const { shape } = branchInputSchema;
  const half = { flex: '1 1 220px', minWidth: 0 };
  return (
    <>
      <Flex gap={16} wrap>
        <Form.Item
          name="name"
          label={t('branches.fields.name')}
          required
          rules={[schemaRule(t, shape.name)]}
          style={half}
        >
          <Input autoFocus={autoFocus} autoComplete="off" />
        </Form.Item>
        <Form.Item name="phone" label={t('branches.fields.phone')} rules={[phoneRule(t, country, false)]} style={half}>
          <PhoneInput country={country} aria-label={t('branches.fields.phone')} />
        </Form.Item>
      </Flex>
      <Form.Item name="address" label={t('branches.fields.address')} rules={[schemaRule(t, shape.address)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <WorkingHoursFields required={false} />
      <Form.Item
        name="landmark"
        label={t('branches.fields.landmark')}
        extra={t('branches.fields.landmarkHelp')}
        rules={[schemaRule(t, shape.landmark)]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={200} />
      </Form.Item>
    </>
  );
}
