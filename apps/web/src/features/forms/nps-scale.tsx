import type { FormField } from '@crm/contracts';
import { Flex, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const SCORES = Array.from({ length: 11 }, (_, score) => score);

type NpsField = Extract<FormField, { type: 'nps' }>;

interface NpsScaleProps {
  field: NpsField;
  value: number | undefined;
  labelId: string;
  onChange: (score: number) => void;
}

/**
 * 0–10 as one row of radio buttons (arrows move between them, as in any radio group); eleven fit a
 * 390 px phone at ≈28 px each. The words of the ends stand under 0 and 10.
 */
export function NpsScale({ field, value, labelId, onChange }: NpsScaleProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4}>
      <Radio.Group
        aria-labelledby={labelId}
        optionType="button"
        buttonStyle="solid"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        style={{ display: 'flex', width: '100%' }}
      >
        {SCORES.map((score) => (
          <Radio.Button
            key={score}
            value={score}
            style={{ flex: 1, minWidth: 0, paddingInline: 0, textAlign: 'center', height: 40, lineHeight: '38px' }}
          >
            {score}
          </Radio.Button>
        ))}
      </Radio.Group>
      <Flex justify="space-between" gap={16}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {field.low_label || t('forms.nps.low')}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'right' }}>
          {field.high_label || t('forms.nps.high')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
