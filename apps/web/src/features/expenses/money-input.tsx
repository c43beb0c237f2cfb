import { minorDigitsOf } from '@crm/contracts';
import { InputNumber } from 'antd';
import { groupThousands, ungroup } from '../courses/money';

interface MoneyInputProps {
  /** In the currency's main unit, as the user reads it (450000 sum, 12500.5 tenge). */
  value?: number | null;
  onChange?: (value: number | null) => void;
  currency: string;
  id?: string;
  autoFocus?: boolean;
}

/**
 * Spec §5 numeric input for money: digits and a dot, thousands grouped with spaces
 * while typing ("2 500 000"), the currency after it, no more decimals than its minor unit.
 */
export function MoneyInput({ value, onChange, currency, id, autoFocus }: MoneyInputProps) {
  return (
    <InputNumber<number>
      id={id}
      autoFocus={autoFocus}
      value={value}
      onChange={onChange}
      min={0}
      precision={minorDigitsOf(currency)}
      inputMode="decimal"
      formatter={(text) => groupThousands(text)}
      parser={(text) => Number(ungroup(text))}
      suffix={currency}
      style={{ width: '100%' }}
    />
  );
}
