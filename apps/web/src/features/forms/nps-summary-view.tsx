import type { FieldSummary, NpsSummary } from '@crm/contracts';
import { Flex, Statistic, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { percentOf } from './form-format';

/** A score as NPS is read: a sign before a positive one. */
export const npsScoreText = (score: number | null) => (score === null ? '—' : score > 0 ? `+${score}` : String(score));

const GROUPS = ['promoters', 'passives', 'detractors'] as const;

/** The NPS score (−100…100), how many promoters, passives and detractors, and how the 0–10 answers spread. */
export function NpsSummaryView({ nps }: { nps: NonNullable<FieldSummary['nps']> }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const colors = { promoters: token.colorSuccess, passives: token.colorWarning, detractors: token.colorError };
  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={24} align="flex-end">
        <Statistic title={t('forms.report.npsScore')} value={npsScoreText(nps.score)} />
        {GROUPS.map((group) => (
          <Statistic
            key={group}
            title={t(`forms.report.${group}`)}
            value={nps[group]}
            suffix={
              <span style={{ fontSize: 14, color: token.colorTextSecondary }}>
                ({percentOf(nps[group], nps.count)}%)
              </span>
            }
            styles={{ content: { color: colors[group], fontSize: 20 } }}
          />
        ))}
      </Flex>
      <NpsSpread spread={nps.spread} />
    </Flex>
  );
}

/** Eleven columns, 0 to 10, each as tall as its share of the answers; red to 6, amber 7–8, green 9–10. */
function NpsSpread({ spread }: { spread: number[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const highest = Math.max(1, ...spread);
  const colorOf = (score: number) =>
    score >= 9 ? token.colorSuccess : score >= 7 ? token.colorWarning : token.colorError;
  return (
    <Flex
      gap={4}
      align="flex-end"
      component="ol"
      aria-label={t('forms.report.spread')}
      style={{ margin: 0, padding: 0 }}
    >
      {spread.map((count, score) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: the place is the score
          key={score}
          aria-label={t('forms.report.spreadItem', { score, count })}
          style={{ flex: 1, listStyle: 'none', textAlign: 'center', minWidth: 0 }}
        >
          <Typography.Text type="secondary" style={{ fontSize: 11 }} aria-hidden>
            {count}
          </Typography.Text>
          <div
            style={{ height: 4 + (56 * count) / highest, background: colorOf(score), borderRadius: 2, opacity: 0.85 }}
          />
          <Typography.Text style={{ fontSize: 12 }} aria-hidden>
            {score}
          </Typography.Text>
        </li>
      ))}
    </Flex>
  );
}

/** A row of the audit tables: a teacher's or a group's NPS. */
export interface NpsRow {
  id: number;
  name: string;
  nps: NpsSummary;
}
