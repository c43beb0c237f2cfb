import type { FieldSummary } from '@crm/contracts';
import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { percentOf } from './form-format';

interface OptionBarsProps {
  options: NonNullable<FieldSummary['options']>;
  /** How many answered the question: the share of each option is of them (several may be ticked at once). */
  answered: number;
}

/** Counts per option as horizontal bars, each with its count and share. */
export function OptionBars({ options, answered }: OptionBarsProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={10} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {options.map(({ option, count }) => {
        const percent = percentOf(count, answered);
        return (
          <li key={option} aria-label={t('forms.report.optionLine', { option, count, percent })}>
            <Flex justify="space-between" gap={8} aria-hidden>
              <Typography.Text style={{ overflowWrap: 'anywhere' }}>{option}</Typography.Text>
              <Typography.Text type="secondary" style={{ flexShrink: 0 }}>
                {count} · {percent}%
              </Typography.Text>
            </Flex>
            <div style={{ height: 8, borderRadius: 4, background: token.colorFillSecondary, marginTop: 4 }}>
              <div style={{ width: `${percent}%`, height: '100%', borderRadius: 4, background: token.colorPrimary }} />
            </div>
          </li>
        );
      })}
    </Flex>
  );
}
