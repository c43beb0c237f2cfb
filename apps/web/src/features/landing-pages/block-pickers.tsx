import type { UseQueryResult } from '@tanstack/react-query';
import { Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { type Option, useCourseChoices, useLeadFormChoices, useTeacherChoices } from './block-options-api';
import { type BlockFieldsProps, HeadingField } from './heading-field';

/** A block shows at most this many chosen courses or teachers (the contract's limit). */
const MAX_CHOSEN = 50;

/** Why a list of choices could not be read, in words under the select (nothing while it loads or when read). */
function ChoicesProblem({ choices }: { choices: UseQueryResult<Option[]> }) {
  const { t } = useTranslation();
  if (!choices.isError) return null;
  return <Typography.Text type="warning">{errorMessage(t, choices.error)}</Typography.Text>;
}

interface ChoiceListProps extends BlockFieldsProps {
  field: 'course_ids' | 'teacher_ids';
  label: string;
  help: string;
  placeholder: string;
  choices: UseQueryResult<Option[]>;
}

/** A block's chosen records of the centre, from its list, in the order they were picked. */
function ChoiceList({ name, field, label, help, placeholder, choices }: ChoiceListProps) {
  const { t } = useTranslation();
  return (
    <>
      <HeadingField name={name} />
      <Form.Item
        name={[name, field]}
        label={label}
        extra={
          <>
            {help} <ChoicesProblem choices={choices} />
          </>
        }
        rules={[{ type: 'array', max: MAX_CHOSEN, message: t('landingPages.blocks.tooMany', { limit: MAX_CHOSEN }) }]}
      >
        <Select
          mode="multiple"
          allowClear
          placeholder={placeholder}
          options={choices.data ?? []}
          loading={choices.isPending}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
    </>
  );
}

/** The catalogue's courses with their prices: the chosen ones, or every course when none is chosen. */
export function CoursesFields({ name }: BlockFieldsProps) {
  const { t } = useTranslation();
  return (
    <ChoiceList
      name={name}
      field="course_ids"
      label={t('landingPages.blocks.courses')}
      help={t('landingPages.blocks.coursesHelp')}
      placeholder={t('landingPages.blocks.allCourses')}
      choices={useCourseChoices()}
    />
  );
}

export function TeachersFields({ name }: BlockFieldsProps) {
  const { t } = useTranslation();
  return (
    <ChoiceList
      name={name}
      field="teacher_ids"
      label={t('landingPages.blocks.teachers')}
      help={t('landingPages.blocks.teachersHelp')}
      placeholder={t('landingPages.blocks.chooseTeachers')}
      choices={useTeacherChoices()}
    />
  );
}

/** The groups still gathering students, of one of the builder's branches or of all. */
export function GroupsFields({ name }: BlockFieldsProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <>
      <HeadingField name={name} />
      <Form.Item name={[name, 'branch_id']} label={t('landingPages.blocks.branch')}>
        <Select
          allowClear
          placeholder={t('landingPages.blocks.allBranches')}
          options={(user?.branches ?? []).map((branch) => ({ value: branch.id, label: branch.name }))}
        />
      </Form.Item>
    </>
  );
}

/** One of the company's published forms, embedded in the page: visitors' answers become leads. */
export function LeadFormFields({ name }: BlockFieldsProps) {
  const { t } = useTranslation();
  const forms = useLeadFormChoices();
  const none = forms.isSuccess && forms.data.length === 0;
  return (
    <>
      <HeadingField name={name} />
      <Form.Item
        name={[name, 'form_id']}
        label={t('landingPages.blocks.form')}
        rules={[{ required: true, message: t('landingPages.blocks.formRequired') }]}
        extra={
          none ? (
            <>
              {t('landingPages.blocks.noForms')} <Link to="/form/list">{t('landingPages.blocks.toForms')}</Link>
            </>
          ) : (
            <ChoicesProblem choices={forms} />
          )
        }
      >
        <Select
          placeholder={t('landingPages.blocks.chooseForm')}
          options={forms.data ?? []}
          loading={forms.isPending}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
    </>
  );
}
