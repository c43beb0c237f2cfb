import type { FieldSummary, Form, FormReport } from '@crm/contracts';
import { Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuditNpsTable } from './audit-nps-table';
import { isQuestion } from './form-draft';
import { NpsSummaryView } from './nps-summary-view';
import { OptionBars } from './option-bars';

/**
 * The summary per question: counts per option, the NPS score with its spread, or (text questions) how many
 * answered and the latest answers; an audit form adds its NPS per teacher and per group.
 */
export function FormReportView({ form, report }: { form: Form; report: FormReport }) {
  const { t } = useTranslation();
  const summaries = new Map(report.fields.map((summary) => [summary.key, summary]));
  const questions = form.fields.filter((field) => isQuestion(field.type));
  return (
    <Flex vertical gap={16}>
      <div
        style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 360px), 1fr))' }}
      >
        {questions.map((field) => {
          const summary = summaries.get(field.key);
          return (
            <Card
              key={field.key}
              size="small"
              title={<span style={{ whiteSpace: 'normal' }}>{field.label}</span>}
              extra={
                <Typography.Text type="secondary">
                  {t('forms.report.answered', { count: summary?.answered ?? 0 })}
                </Typography.Text>
              }
            >
              <SummaryBody summary={summary} />
            </Card>
          );
        })}
      </div>
      {form.kind === 'audit' && (
        <div
          style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 420px), 1fr))' }}
        >
          <AuditNpsTable
            title={t('forms.report.byTeacher')}
            nameTitle={t('forms.answers.teacher')}
            rows={report.by_teacher}
          />
          <AuditNpsTable
            title={t('forms.report.byGroup')}
            nameTitle={t('forms.answers.group')}
            rows={report.by_group.map(({ id, title, nps }) => ({ id, name: title, nps }))}
          />
        </div>
      )}
    </Flex>
  );
}

function SummaryBody({ summary }: { summary: FieldSummary | undefined }) {
  const { t } = useTranslation();
  if (!summary || summary.answered === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('forms.report.noAnswers')} />;
  }
  if (summary.options) return <OptionBars options={summary.options} answered={summary.answered} />;
  if (summary.nps) return <NpsSummaryView nps={summary.nps} />;
  return (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary">{t('forms.report.latest')}</Typography.Text>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {(summary.latest ?? []).map((answer, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same words may be answered twice
          <li key={index} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {answer}
          </li>
        ))}
      </ul>
    </Flex>
  );
}
