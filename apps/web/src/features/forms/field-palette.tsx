import { FIELD_LIMITS, FORM_FIELD_TYPES, type FormFieldType } from '@crm/contracts';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPE_ICONS } from './field-types';

interface FieldPaletteProps {
  count: number;
  onAdd: (type: FormFieldType) => void;
}

/** A button per field type; each adds a field of that type at the end of the form. */
export function FieldPalette({ count, onAdd }: FieldPaletteProps) {
  const { t } = useTranslation();
  const full = count >= FIELD_LIMITS.fields;
  return (
    <Flex vertical gap={8} role="group" aria-labelledby="form-palette-title">
      <Typography.Text strong id="form-palette-title">
        {t('forms.builder.addField')}
      </Typography.Text>
      <Flex wrap gap={8}>
        {FORM_FIELD_TYPES.map((type) => (
          <Button
            key={type}
            icon={FIELD_TYPE_ICONS[type]}
            disabled={full}
            aria-label={t('forms.builder.addType', { type: t(`forms.types.${type}`) })}
            onClick={() => onAdd(type)}
          >
            {t(`forms.types.${type}`)}
          </Button>
        ))}
      </Flex>
      {full && (
        <Typography.Text type="secondary">{t('forms.builder.full', { limit: FIELD_LIMITS.fields })}</Typography.Text>
      )}
    </Flex>
  );
}
