import {
  formatPhone,
  mayGrantRole,
  type PhoneExistsDetails,
  type RoleId,
  STAFF_FORM_ROLES,
  type UserProfile,
  userFieldsSchema,
} from '@crm/contracts';
import { App, Col, Collapse, DatePicker, Form, Input, Modal, Radio, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { schemaRule, showFieldErrors } from '../../shared/forms/field-rules';
import { roleIdsOf } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';
import { type InlineForm, InlineFormFrame } from '../../shared/ui/inline-form-frame';
import { ParentPhoneField } from '../parents/parent-phone-field';
import { PEOPLE_KINDS, type PeopleKind } from './people-kinds';
import { PhoneInput, phoneRule } from './phone-input';
import { type PersonInput, usePeopleMutations, useStudentTags } from './users-api';

export type PersonFormTarget = { mode: 'create' } | { mode: 'edit'; person: UserProfile };

interface PersonFormModalProps {
  kind: PeopleKind;
  target: PersonFormTarget | null;
  onClose: () => void;
  /** After a create: where the new person's page is. */
  onCreated?: (id: number) => void;
  /** Drawn in place rather than in a dialog (the onboarding wizard). */
  inline?: InlineForm;
}

interface FormValues {
  name: string;
  phone: string;
  birthday?: Dayjs | null;
  gender?: 'm' | 'f' | 'none';
  branches: number[];
  roles?: RoleId[];
  password?: string;
  tag_ids?: number[];
  comment?: string;
  parent_name?: string;
  parent_phone?: string;
  extra_phone?: string;
  email?: string;
  telegram?: string;
  address?: string;
  passport_id?: string;
  ext_id?: string;
}

const CONTACT_FIELDS = [
  'parent_name',
  'parent_phone',
  'extra_phone',
  'email',
  'telegram',
  'address',
  'passport_id',
  'ext_id',
] as const;
const FIELDS = [
  'name',
  'phone',
  'birthday',
  'gender',
  'branches',
  'roles',
  'password',
  'tag_ids',
  'comment',
  ...CONTACT_FIELDS,
];
const shape = userFieldsSchema.shape;

const text = (value: string | undefined) => (value?.trim() ? value.trim() : null);

function initialValues(person: UserProfile | null, country: string, branch: number | null): Partial<FormValues> {
  if (!person) return { branches: branch ? [branch] : [], gender: 'none' };
  return {
    name: person.name,
    phone: formatPhone(person.phone, country),
    birthday: person.birthday ? dayjs(person.birthday) : null,
    gender: person.gender ?? 'none',
    branches: person.branches.map((b) => b.id),
    roles: person.roles.map((r) => r.id).filter((r) => STAFF_FORM_ROLES.includes(r)),
    tag_ids: person.tags.map((tag) => tag.id),
    comment: person.comment ?? '',
    parent_name: person.parent_name ?? '',
    parent_phone: person.parent_phone ? formatPhone(person.parent_phone, country) : '',
    extra_phone: person.extra_phone ? formatPhone(person.extra_phone, country) : '',
    email: person.email ?? '',
    telegram: person.telegram ?? '',
    address: person.address ?? '',
    passport_id: person.passport_id ?? '',
    ext_id: person.ext_id ?? '',
  };
}

/** Spec §2 create/edit of a student, teacher or staff member, with the duplicate-phone warning of spec §8. */
export function PersonFormModal({ kind, target, onClose, onCreated, inline }: PersonFormModalProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const { user, company, branch } = useSession();
  const { create, update } = usePeopleMutations();
  const editing = target?.mode === 'edit' ? target.person : null;
  const country = company?.datas.country ?? 'uz';
  const myRoles = user ? roleIdsOf(user) : [];
  const isStudent = kind.type === 'student';
  const tags = useStudentTags(isStudent && target !== null);
  const logsIn = kind.type !== 'student';

  const inputOf = (values: FormValues): PersonInput => ({
    name: values.name.trim(),
    phone: values.phone,
    birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : null,
    gender: values.gender === 'm' || values.gender === 'f' ? values.gender : null,
    branches: values.branches,
    ...(kind.type === 'staff' ? { roles: values.roles ?? [] } : {}),
    ...(values.password ? { password: values.password } : {}),
    ...(isStudent ? { tag_ids: values.tag_ids ?? [] } : {}),
    comment: text(values.comment),
    ...Object.fromEntries(CONTACT_FIELDS.map((field) => [field, text(values[field])])),
  });

  const submit = async (input: PersonInput, force: boolean) => {
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, ...input, force: force || undefined });
        message.success(t('users.form.saved'));
      } else {
        const created = await create.mutateAsync({ ...input, user_type: kind.type, force: force || undefined });
        message.success(t('users.form.created', { name: created.name }));
        onCreated?.(created.id);
      }
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) return void message.error(errorMessage(t, error));
      if (error.code === 'student_phone_exists' || error.code === 'student_phone_exists_archived') {
        return askToCreateAnyway(error, input);
      }
      if (error.code === 'teacher_phone_exists' || error.code === 'staff_phone_exists') {
        form.setFields([{ name: 'phone', errors: [errorMessage(t, error)] }]);
        return;
      }
      const shown = showFieldErrors(t, form, FIELDS, error);
      // The country's digit count is said in words of this form (spec §5).
      const phoneProblem = error.fieldErrors.find((problem) => problem.rule === 'phone_invalid');
      if (phoneProblem) {
        const name = phoneProblem.field as keyof FormValues;
        form.setFields([{ name, errors: [t('users.form.phoneDigits', { count: phoneProblem.limit })] }]);
      }
      if (shown || phoneProblem) return;
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  /** Spec §8: "Student with this phone already registered (archived variant; option 'create anyway')". */
  const askToCreateAnyway = (error: ApiError, input: PersonInput) => {
    const details = error.details as PhoneExistsDetails | undefined;
    modal.confirm({
      title: errorMessage(t, error),
      content: (
        <div>
          <Typography.Paragraph>{t('users.form.duplicateText')}</Typography.Paragraph>
          <ul style={{ paddingInlineStart: 20, margin: 0 }}>
            {(details?.users ?? []).map((other) => (
              <li key={other.id}>
                <Link to={PEOPLE_KINDS.student.profilePath(other.id)} target="_blank">
                  {other.name}
                </Link>
                {other.archived && <Typography.Text type="secondary"> ({t('users.archivedMark')})</Typography.Text>}
              </li>
            ))}
          </ul>
        </div>
      ),
      okText: editing ? t('users.form.saveAnyway') : t('users.form.createAnyway'),
      cancelText: t('common.cancel'),
      onOk: () => submit(input, true),
    });
  };

  const roleOptions = STAFF_FORM_ROLES.filter((role) => mayGrantRole(myRoles, role)).map((role) => ({
    value: role,
    label: t(`roles.${role}`),
  }));
  const branchOptions = (user?.branches ?? []).map((b) => ({ value: b.id, label: b.name }));
  const half = { xs: 24, md: 12 };

  const saving = create.isPending || update.isPending;
  const fields = (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues(editing, country, branch)}
      onFinish={(values) => submit(inputOf(values), false)}
      requiredMark
    >
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="name" label={t('users.fields.name')} required rules={[schemaRule(t, shape.name)]}>
            <Input autoFocus autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="phone" label={t('users.fields.phone')} required rules={[phoneRule(t, country, true)]}>
            <PhoneInput country={country} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="birthday" label={t('users.fields.birthday')}>
            <DatePicker
              format="DD.MM.YYYY"
              style={{ width: '100%' }}
              disabledDate={(day) => day.isAfter(dayjs())}
              placeholder={t('users.form.datePlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="gender" label={t('users.fields.gender')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'm', label: t('users.gender.m') },
                { value: 'f', label: t('users.gender.f') },
                { value: 'none', label: t('users.gender.none') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="branches"
            label={t('users.fields.branches')}
            required
            rules={[schemaRule(t, shape.branches)]}
          >
            <Select mode="multiple" options={branchOptions} optionFilterProp="label" />
          </Form.Item>
        </Col>
        {kind.type === 'staff' && (
          <Col {...half}>
            <Form.Item
              name="roles"
              label={t('users.fields.roles')}
              extra={t('users.form.rolesHint')}
              required
              rules={[{ required: true, message: t('validation.required') }]}
            >
              <Select mode="multiple" options={roleOptions} optionFilterProp="label" />
            </Form.Item>
          </Col>
        )}
        {isStudent && (
          <Col {...half}>
            <Form.Item name="tag_ids" label={t('users.fields.tags')}>
              <Select
                mode="multiple"
                loading={tags.isLoading}
                options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
                optionFilterProp="label"
                notFoundContent={t('users.form.noTags')}
              />
            </Form.Item>
          </Col>
        )}
        {logsIn && (
          <Col {...half}>
            <Form.Item
              name="password"
              label={t('users.fields.password')}
              extra={t(editing ? 'users.form.passwordKeep' : 'users.form.passwordHint')}
              rules={[schemaRule(t, shape.password)]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        )}
        <Col span={24}>
          <Form.Item name="comment" label={t('users.fields.comment')} rules={[schemaRule(t, shape.comment)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Col>
      </Row>
      <Collapse
        size="small"
        // Open when the person already has extra contacts, so nothing is hidden from the editor.
        defaultActiveKey={editing && CONTACT_FIELDS.some((field) => editing[field]) ? ['contacts'] : []}
        items={[
          {
            key: 'contacts',
            label: t('users.form.moreContacts'),
            forceRender: true,
            children: (
              <Row gutter={16}>
                <Col {...half}>
                  <Form.Item
                    name="parent_name"
                    label={t('users.fields.parent_name')}
                    rules={[schemaRule(t, shape.parent_name)]}
                  >
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <ParentPhoneField
                    country={country}
                    studentId={editing?.id}
                    label={t('users.fields.parent_phone')}
                    lookUp={isStudent}
                  />
                </Col>
                <Col {...half}>
                  <Form.Item
                    name="extra_phone"
                    label={t('users.fields.extra_phone')}
                    rules={[phoneRule(t, country, false)]}
                  >
                    <PhoneInput country={country} />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item name="email" label={t('users.fields.email')} rules={[schemaRule(t, shape.email)]}>
                    <Input type="email" autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item name="telegram" label={t('users.fields.telegram')} rules={[schemaRule(t, shape.telegram)]}>
                    <Input autoComplete="off" placeholder="@username" />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item
                    name="passport_id"
                    label={t('users.fields.passport_id')}
                    rules={[schemaRule(t, shape.passport_id)]}
                  >
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item name="address" label={t('users.fields.address')} rules={[schemaRule(t, shape.address)]}>
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item name="ext_id" label={t('users.fields.ext_id')} rules={[schemaRule(t, shape.ext_id)]}>
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
              </Row>
            ),
          },
        ]}
      />
    </Form>
  );
  if (inline)
    return (
      <InlineFormFrame form={form} saving={saving} {...inline}>
        {fields}
      </InlineFormFrame>
    );
  return (
    <Modal
      open={target !== null}
      title={t(editing ? `users.form.editTitle.${kind.type}` : `users.form.createTitle.${kind.type}`)}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      width={760}
      destroyOnHidden
    >
      {fields}
    </Modal>
  );
}
