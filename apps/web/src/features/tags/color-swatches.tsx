import { CheckOutlined, StopOutlined } from '@ant-design/icons';
import { COURSE_COLORS } from '@crm/contracts';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

interface ColorSwatchesProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
}

/** A tag's colour: one of the product's ten colours, or none. Large enough to tap on a phone. */
export function ColorSwatches({ value = null, onChange }: ColorSwatchesProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const swatch = (color: string | null) => {
    const chosen = (value?.toUpperCase() ?? null) === color;
    return (
      <button
        key={color ?? 'none'}
        type="button"
        aria-pressed={chosen}
        aria-label={color ?? t('tags.noColor')}
        title={color ?? t('tags.noColor')}
        onClick={() => onChange?.(color)}
        style={{
          width: 32,
          height: 32,
          borderRadius: '50%',
          cursor: 'pointer',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: color ?? token.colorBgContainer,
          color: color ? '#fff' : token.colorTextSecondary,
          border: `2px solid ${chosen ? token.colorText : token.colorBorder}`,
        }}
      >
        {chosen ? <CheckOutlined /> : color === null ? <StopOutlined /> : null}
      </button>
    );
  };
  return (
    <fieldset
      aria-label={t('tags.color')}
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8, border: 0, padding: 0, margin: 0 }}
    >
      {swatch(null)}
      {COURSE_COLORS.map(swatch)}
    </fieldset>
  );
}
