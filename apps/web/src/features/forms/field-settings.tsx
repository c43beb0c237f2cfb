import { FIELD_LIMITS, type FormField } from '@crm/contracts';
import { Flex, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionsEditor } from './options-editor';

interface FieldSettingsProps {
  field: FormField;
  /** The ids of this field's boxes start with it. */
  id: string;
  onChange: (field: FormField) => void;
}

const LENGTH_LIMITS = { short_answer: FIELD_LIMITS.shortAnswer, long_answer: FIELD_LIMITS.longAnswer } as const;

/** What only some types have: options and how many may be ticked, a longest answer, the NPS end words. */
export function FieldSettings({ field, id, onChange }: FieldSettingsProps) {
  const { t } = useTranslation();
  switch (field.type) {
    case 'one_of_list':
    case 'dropdown':
      return <OptionsEditor options={field.options} onChange={(options) => onChange({ ...field, options })} />;
    case 'several_of_list':
      return (
        <Flex vertical gap={12}>
          <OptionsEditor options={field.options} onChange={(options) => onChange({ ...field, options })} />
          <Form.Item label={t('forms.builder.maxChoices')} htmlFor={`${id}-max`} style={{ margin: 0 }}>
            <InputNumber
              id={`${id}-max`}
              min={1}
              max={FIELD_LIMITS.options}
              precision={0}
              placeholder={t('forms.builder.anyNumber')}
              value={field.max_choices}
              onChange={(value) => onChange({ ...field, max_choices: typeof value === 'number' ? value : null })}
            />
          </Form.Item>
        </Flex>
      );
    case 'short_answer':
    case 'long_answer':
      return (
        <Form.Item label={t('forms.builder.maxLength')} htmlFor={`${id}-max`} style={{ margin: 0 }}>
          <InputNumber
            id={`${id}-max`}
            min={1}
            max={LENGTH_LIMITS[field.type]}
            precision={0}
            value={field.max_length}
            // Emptied, the box falls back to the longest the type allows.
            onChange={(value) =>
              onChange({ ...field, max_length: typeof value === 'number' ? value : LENGTH_LIMITS[field.type] })
            }
          />
        </Form.Item>
      );
    case 'nps':
      return (
        <Flex gap={12} wrap>
          {(['low_label', 'high_label'] as const).map((end) => (
            <Form.Item
              key={end}
              label={t(`forms.builder.${end}`)}
              htmlFor={`${id}-${end}`}
              style={{ margin: 0, flex: '1 1 200px' }}
            >
              <Input
                id={`${id}-${end}`}
                maxLength={60}
                placeholder={t(end === 'low_label' ? 'forms.nps.low' : 'forms.nps.high')}
                value={field[end]}
                onChange={(event) => onChange({ ...field, [end]: event.target.value })}
              />
            </Form.Item>
          ))}
        </Flex>
      );
    default:
      return null;
  }
}
