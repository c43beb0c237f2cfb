import { countryRules, formatPhone, normalizePhone, phoneDigitCount } from '@crm/contracts';
import { Input, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

interface PhoneInputProps {
  country: string;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  autoFocus?: boolean;
  'aria-label'?: string;
}

/**
 * A phone box with the company country's prefix and mask (spec §5: uz '## ### ## ##',
 * kz '### ### ## ##' …). A pasted number with its prefix is accepted; digits beyond
 * the country's count are cut.
 */
export function PhoneInput({ country, value, onChange, id, autoFocus, ...rest }: PhoneInputProps) {
  const rules = countryRules(country);
  const change = (raw: string) => {
    const digits = normalizePhone(raw, country).slice(0, phoneDigitCount(country));
    onChange?.(formatPhone(digits, country));
  };
  const input = (
    <Input
      id={id}
      value={value}
      onChange={(event) => change(event.target.value)}
      placeholder={rules.phoneMask.replaceAll('#', '0')}
      inputMode="tel"
      autoComplete="off"
      autoFocus={autoFocus}
      aria-label={rest['aria-label']}
    />
  );
  if (!rules.phonePrefix) return input;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input value={rules.phonePrefix} readOnly tabIndex={-1} aria-hidden style={{ width: 72, textAlign: 'center' }} />
      {input}
    </Space.Compact>
  );
}

/** Spec §5: the phone has the company country's digit count; empty passes unless required. */
export function phoneRule(t: TFunction, country: string, required: boolean): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value : '';
      if (!text.trim()) {
        if (required) throw new Error(t('validation.required'));
        return;
      }
      const digits = phoneDigitCount(country);
      if (normalizePhone(text, country).length !== digits)
        throw new Error(t('users.form.phoneDigits', { count: digits }));
    },
  };
}
