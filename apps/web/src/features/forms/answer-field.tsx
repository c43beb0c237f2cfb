import type { AnswerValue, FormField } from '@crm/contracts';
import { Checkbox, Flex, Form, Input, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from '../users/phone-input';
import { NpsScale } from './nps-scale';

export interface AnswerFieldProps {
  field: FormField;
  value: AnswerValue | undefined;
  error?: string;
  country: string;
  /** The inputs' ids start with it, so the builder's preview and the builder's own inputs never share one. */
  idPrefix: string;
  onChange: (value: AnswerValue | undefined) => void;
}

const text = (value: AnswerValue | undefined) => (typeof value === 'string' ? value : '');
const list = (value: AnswerValue | undefined) => (Array.isArray(value) ? value : []);

/**
 * One field of a form as the visitor sees it: a question with its input, a paragraph, or a section's
 * heading. The public pages and the builder's preview draw every field with it, so the preview is the page.
 */
export function AnswerField({ field, value, error, country, idPrefix, onChange }: AnswerFieldProps) {
  const { t } = useTranslation();
  const label = field.label.trim() || t('forms.field.untitled');
  if (field.type === 'text') {
    return <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 24 }}>{label}</Typography.Paragraph>;
  }
  if (field.type === 'section') {
    return (
      <div style={{ margin: '8px 0 16px' }}>
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {label}
        </Typography.Title>
        {field.help && (
          <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>
            {field.help}
          </Typography.Paragraph>
        )}
      </div>
    );
  }
  const id = `${idPrefix}-${field.key}`;
  const labelId = `${id}-label`;
  const limit = field.type === 'several_of_list' ? field.max_choices : null;
  const extra = [field.help, limit ? t('forms.answer.chooseUpTo', { count: limit }) : ''].filter(Boolean).join(' · ');
  return (
    <Form.Item
      label={<span id={labelId}>{label}</span>}
      htmlFor={id}
      required={field.required}
      validateStatus={error ? 'error' : undefined}
      help={error}
      extra={extra || undefined}
      style={{ marginBottom: 24 }}
    >
      {inputOf({ field, value, id, labelId, country, onChange, t })}
    </Form.Item>
  );
}

interface InputProps extends Pick<AnswerFieldProps, 'field' | 'value' | 'country' | 'onChange'> {
  id: string;
  labelId: string;
  t: ReturnType<typeof useTranslation>['t'];
}

function inputOf({ field, value, id, labelId, country, onChange, t }: InputProps) {
  switch (field.type) {
    case 'short_answer':
      return (
        <Input id={id} value={text(value)} maxLength={field.max_length} onChange={(e) => onChange(e.target.value)} />
      );
    case 'long_answer':
      return (
        <Input.TextArea
          id={id}
          value={text(value)}
          maxLength={field.max_length}
          autoSize={{ minRows: 3, maxRows: 10 }}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'email':
      return (
        <Input
          id={id}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={text(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'phone':
      return <PhoneInput id={id} country={country} value={text(value)} onChange={onChange} />;
    case 'dropdown':
      return (
        <Select
          id={id}
          value={text(value) || undefined}
          allowClear
          placeholder={t('forms.answer.choose')}
          options={field.options.map((option) => ({ value: option, label: option }))}
          onChange={(chosen?: string) => onChange(chosen)}
          style={{ width: '100%' }}
        />
      );
    case 'one_of_list':
      return (
        <Radio.Group
          id={id}
          aria-labelledby={labelId}
          vertical
          value={text(value) || undefined}
          onChange={(e) => onChange(e.target.value as string)}
        >
          {field.options.map((option) => (
            <Radio key={option} value={option} style={{ paddingBlock: 4 }}>
              {option}
            </Radio>
          ))}
        </Radio.Group>
      );
    case 'several_of_list': {
      const chosen = list(value);
      const full = field.max_choices !== null && chosen.length >= field.max_choices;
      return (
        // The id on a box of its own: the group takes none.
        <div id={id}>
          <Checkbox.Group aria-labelledby={labelId} value={chosen} onChange={(next) => onChange(next as string[])}>
            <Flex vertical gap={8}>
              {field.options.map((option) => (
                // At the limit the others wait until one is unticked, rather than being refused after the fact.
                <Checkbox key={option} value={option} disabled={full && !chosen.includes(option)}>
                  {option}
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </div>
      );
    }
    case 'nps':
      return (
        <NpsScale
          field={field}
          labelId={labelId}
          value={typeof value === 'number' ? value : undefined}
          onChange={onChange}
        />
      );
    default:
      return null;
  }
}
