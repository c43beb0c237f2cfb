import { InfoCircleOutlined } from '@ant-design/icons';
import { normalizePhone, type ParentByPhone, phoneDigitCount } from '@crm/contracts';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PhoneInput, phoneRule } from '../users/phone-input';
import { useParentByPhone } from './parents-api';

type FoundParent = NonNullable<ParentByPhone['parent']>;

/** "This number already belongs to the parent X (children: A, B): the student will be linked to this parent." */
function LinkedParentNote({ parent }: { parent: FoundParent }) {
  const { t } = useTranslation();
  const children = parent.children.map((child) => child.name).join(', ');
  return (
    <Typography.Text type="secondary" role="status">
      <InfoCircleOutlined />{' '}
      {children
        ? t('parents.byPhone.hint', { name: parent.name, children })
        : t('parents.byPhone.hintNoChildren', { name: parent.name })}
    </Typography.Text>
  );
}

/**
 * The student form's parent phone (issue 24). Once a whole number is typed, the parent who already has it is
 * looked up (GET /parents/by-phone): saving links the student to that parent, as his brother or sister is, and
 * the form says so before. Nothing is said when the student is already that parent's child.
 */
export function ParentPhoneField({
  country,
  studentId,
  label,
  lookUp,
}: {
  country: string;
  /** The student being edited (none when he is being added). */
  studentId: number | undefined;
  label: string;
  /** Only a student's form links parents; a teacher's parent phone is a mere contact. */
  lookUp: boolean;
}) {
  const { t } = useTranslation();
  const typed: string | undefined = Form.useWatch('parent_phone');
  const digits = normalizePhone(typed ?? '', country);
  const whole = lookUp && digits.length === phoneDigitCount(country) ? digits : null;
  const found = useParentByPhone(whole);
  const parent = whole === null ? null : (found.data?.parent ?? null);
  const alreadyHis = parent?.children.some((child) => child.id === studentId) ?? false;
  return (
    <Form.Item
      name="parent_phone"
      label={label}
      rules={[phoneRule(t, country, false)]}
      extra={parent && !alreadyHis ? <LinkedParentNote parent={parent} /> : undefined}
    >
      <PhoneInput country={country} />
    </Form.Item>
  );
}
