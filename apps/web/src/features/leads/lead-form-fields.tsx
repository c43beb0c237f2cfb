import { formatPhone, LEAD_COLUMNS, type Lead, type LeadColumn, leadInputSchema, normalizePhone } from '@crm/contracts';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../shared/forms/field-rules';
import { useCourseOptions } from '../groups/groups-api';
import { PhoneInput, phoneRule } from '../users/phone-input';
import { columnName } from './board/card-actions';
import { leadSourceOptions, useLeadSources, useLeadTags, useResponsibleOptions } from './lead-options-api';

export interface LeadFormValues {
  name: string;
  phone: string;
  comment?: string;
  course_id?: number | null;
  source_id?: number | null;
  admin_id?: number | null;
  tag_ids?: number[];
  column?: LeadColumn;
}

/** A branch's own titles of its columns (spec §4 column settings); absent or empty: the standard name. */
export type ColumnTitles = Partial<Record<LeadColumn, string>>;

/** The fields whose server refusals go under them (saveForm). */
export const LEAD_FORM_FIELDS = ['name', 'phone', 'comment', 'course_id', 'source_id', 'admin_id', 'tag_ids', 'column'];

export const leadFormValuesOf = (lead: Lead, country: string): LeadFormValues => ({
  name: lead.name,
  phone: formatPhone(lead.phone, country),
  comment: lead.comment ?? '',
  course_id: lead.course_id,
  source_id: lead.source_id,
  admin_id: lead.admin?.id ?? null,
  tag_ids: lead.tags.map((tag) => tag.id),
});

/** The lead's own fields as POST /leadData and PUT /leadData/{id} take them (contracts leadInputSchema). */
export interface LeadFieldsInput {
  name: string;
  phone: string;
  comment: string | null;
  course_id: number | null;
  source_id: number | null;
  admin_id: number | null;
  tag_ids: number[];
}

/** The form as the API takes it: the phone's digits, empty fields as null. */
export const leadInputOf = (values: LeadFormValues, country: string): LeadFieldsInput => ({
  name: values.name.trim(),
  phone: normalizePhone(values.phone, country),
  comment: values.comment?.trim() || null,
  course_id: values.course_id ?? null,
  source_id: values.source_id ?? null,
  admin_id: values.admin_id ?? null,
  tag_ids: values.tag_ids ?? [],
});

/** Spec §3 lead fields: name, phone, comment, course, source, responsible admin, tags (and, when new, the column). */
export function LeadFormFields({
  country,
  branchId,
  lead,
  withColumn,
  columnTitles = {},
}: {
  country: string;
  branchId: number;
  lead?: Lead;
  withColumn?: boolean;
  columnTitles?: ColumnTitles;
}) {
  const { t } = useTranslation();
  const courses = useCourseOptions();
  const sources = useLeadSources();
  const tags = useLeadTags();
  const staff = useResponsibleOptions(branchId, [lead?.admin]);
  // A deactivated source stays offered to the lead that has it.
  const sourceOptions = leadSourceOptions(
    t,
    (sources.data ?? []).filter((source) => source.active || source.id === lead?.source_id),
  );
  const select = { allowClear: true, showSearch: { optionFilterProp: 'label' } } as const;
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item
          name="name"
          label={t('leads.fields.name')}
          required
          rules={[schemaRule(t, leadInputSchema.shape.name)]}
        >
          <Input autoFocus autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="phone" label={t('leads.fields.phone')} required rules={[phoneRule(t, country, true)]}>
          <PhoneInput country={country} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="course_id" label={t('leads.fields.course')}>
          <Select {...select} options={courses.data ?? []} loading={courses.isPending} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="source_id" label={t('leads.fields.source')}>
          <Select {...select} options={sourceOptions} loading={sources.isPending} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="admin_id" label={t('leads.fields.admin')}>
          <Select {...select} options={staff} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="tag_ids" label={t('leads.fields.tags')}>
          <Select
            {...select}
            mode="multiple"
            options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
          />
        </Form.Item>
      </Col>
      {withColumn && (
        <Col xs={24} sm={12}>
          <Form.Item name="column" label={t('leads.fields.column')}>
            <Select
              options={LEAD_COLUMNS.map((column) => ({
                value: column,
                label: columnName(t, column, columnTitles[column]),
              }))}
            />
          </Form.Item>
        </Col>
      )}
      <Col span={24}>
        <Form.Item
          name="comment"
          label={t('leads.fields.comment')}
          rules={[schemaRule(t, leadInputSchema.shape.comment)]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Col>
    </Row>
  );
}
