import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { FIELD_LIMITS, type FormField } from '@crm/contracts';
import { Button, Card, Flex, Form, Input, Popconfirm, Switch, Tag, Tooltip, Typography, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Problem } from './draft-problems';
import { FieldSettings } from './field-settings';
import { FIELD_TYPE_ICONS } from './field-types';
import { isQuestion } from './form-draft';

interface FieldEditorProps {
  field: FormField;
  /** Its place in the form, from 1. */
  number: number;
  /** Shown once a save was tried. */
  problems: Problem[] | undefined;
  autoFocus: boolean;
  /** The drag handle, drawn by the sortable list. */
  handle: ReactNode;
  onChange: (field: FormField) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}

/** The words of a field's label box: a paragraph is the text itself, a section's label its title. */
const LABEL_OF = { text: 'forms.builder.paragraph', section: 'forms.builder.sectionTitle' } as const;
const HELP_OF = { section: 'forms.builder.sectionDescription' } as const;

/** One field of the builder, edited in place: its texts, whether it is required, and its type's settings. */
export function FieldEditor(props: FieldEditorProps) {
  const { field, number, problems, autoFocus, handle, onChange } = props;
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const id = `field-${field.key}`;
  const question = isQuestion(field.type);
  const labelProblem = problems?.find((problem) => problem.key === 'labelEmpty' || problem.key === 'textEmpty');

  useEffect(() => {
    // A field just added or duplicated: the author writes its label next.
    if (autoFocus) document.getElementById(`${id}-label`)?.focus();
  }, [autoFocus, id]);

  const labelBox =
    field.type === 'text' ? (
      <Input.TextArea
        id={`${id}-label`}
        autoSize={{ minRows: 2, maxRows: 8 }}
        maxLength={FIELD_LIMITS.paragraph}
        value={field.label}
        onChange={(event) => onChange({ ...field, label: event.target.value })}
      />
    ) : (
      <Input
        id={`${id}-label`}
        maxLength={FIELD_LIMITS.label}
        value={field.label}
        onChange={(event) => onChange({ ...field, label: event.target.value })}
      />
    );

  return (
    <Card
      size="small"
      styles={{ body: { paddingTop: 8 } }}
      style={problems ? { borderColor: token.colorError } : undefined}
    >
      <Flex align="center" gap={8} style={{ marginBottom: 8 }}>
        {handle}
        <Tag icon={FIELD_TYPE_ICONS[field.type]} style={{ marginInlineEnd: 0 }}>
          {t(`forms.types.${field.type}`)}
        </Tag>
        <Typography.Text type="secondary">#{number}</Typography.Text>
        <Flex gap={4} style={{ marginInlineStart: 'auto' }}>
          <Tooltip title={t('forms.builder.duplicate')}>
            <Button
              type="text"
              icon={<CopyOutlined />}
              aria-label={t('forms.builder.duplicateNumber', { number })}
              onClick={props.onDuplicate}
            />
          </Tooltip>
          <Popconfirm
            title={t('forms.builder.removeConfirm')}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={props.onRemove}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('forms.builder.removeNumber', { number })}
            />
          </Popconfirm>
        </Flex>
      </Flex>
      <Form.Item
        label={t(field.type === 'text' || field.type === 'section' ? LABEL_OF[field.type] : 'forms.builder.question')}
        htmlFor={`${id}-label`}
        required
        validateStatus={labelProblem ? 'error' : undefined}
        help={labelProblem && t(`forms.problems.${labelProblem.key}`)}
        style={{ marginBottom: 12 }}
      >
        {labelBox}
      </Form.Item>
      {field.type !== 'text' && (
        <Form.Item
          label={t(field.type === 'section' ? HELP_OF.section : 'forms.builder.help')}
          htmlFor={`${id}-help`}
          style={{ marginBottom: 12 }}
        >
          <Input
            id={`${id}-help`}
            maxLength={FIELD_LIMITS.help}
            value={field.help}
            onChange={(event) => onChange({ ...field, help: event.target.value })}
          />
        </Form.Item>
      )}
      <FieldSettings field={field} id={id} onChange={onChange} />
      {question && (
        <Flex align="center" gap={8} style={{ marginTop: 12 }}>
          <Switch
            id={`${id}-required`}
            size="small"
            checked={field.required}
            onChange={(required) => onChange({ ...field, required } as FormField)}
          />
          <label htmlFor={`${id}-required`}>{t('forms.builder.required')}</label>
        </Flex>
      )}
      {problems
        ?.filter((problem) => problem !== labelProblem)
        .map((problem) => (
          <Typography.Text key={problem.key} type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>
            {t(`forms.problems.${problem.key}`, problem.values)}
          </Typography.Text>
        ))}
    </Card>
  );
}
