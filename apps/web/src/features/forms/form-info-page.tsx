import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import type { Form } from '@crm/contracts';
import { Alert, App, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { currentLanguage } from '../../i18n/i18n';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { ButtonLink } from '../../shared/ui/button-link';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { usePageTitle } from '../../shared/ui/page-title';
import { useSearchPatch } from '../../shared/url/use-search-patch';
import { AnswerFilterBar, answerFiltersOf } from './answer-filter-bar';
import { AnswersTable } from './answers-table';
import { formEditPath } from './form-paths';
import { FormReportView } from './form-report-view';
import { KindTag, StatusTag } from './form-tags';
import { downloadFormAnswers, useFormAnswers, useFormDetail, useFormReport } from './forms-api';

/** Spec §2 form/info/{id}: a form's answers, summed up per question and one by one, with their Excel file. */
export function FormInfoPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const form = useFormDetail(id);
  usePageTitle(form.data?.title);
  if (form.isPending) return <PageSpinner />;
  if (form.isError) {
    return isHandledGlobally(form.error) ? null : <Alert type="error" showIcon title={errorMessage(t, form.error)} />;
  }
  return <FormAnswersView form={form.data} />;
}

function FormAnswersView({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params, patch] = useSearchPatch();
  const { filters, page } = answerFiltersOf(params);
  const report = useFormReport(form.id, filters);
  const answers = useFormAnswers(form.id, filters, page);
  const [downloading, setDownloading] = useState(false);
  // A new filter starts again at page one.
  const filter = (changes: Record<string, string | undefined>) => patch({ ...changes, page: undefined });

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFormAnswers(form.id, filters, currentLanguage(), `${form.title}.xlsx`);
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={8} wrap style={{ minWidth: 0 }}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0, overflowWrap: 'anywhere' }}>
            {form.title}
          </Typography.Title>
          <KindTag kind={form.kind} />
          <StatusTag status={form.status} />
        </Flex>
        <Flex gap={8} wrap>
          {form.policies.edit && (
            <ButtonLink to={formEditPath(form.id)} icon={<EditOutlined />}>
              {t('forms.actions.edit')}
            </ButtonLink>
          )}
          {form.policies.read_answers && (
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={download}>
              {t('forms.answers.excel')}
            </Button>
          )}
        </Flex>
      </Flex>
      <AnswerFilterBar filters={filters} audit={form.kind === 'audit'} report={report.data} onChange={filter} />
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        {t('forms.report.title')}
        {report.data && (
          <Typography.Text type="secondary" style={{ fontSize: 14, fontWeight: 'normal', marginInlineStart: 8 }}>
            {t('forms.report.total', { count: report.data.answers })}
          </Typography.Text>
        )}
      </Typography.Title>
      {report.isError ? (
        !isHandledGlobally(report.error) && <Alert type="error" showIcon title={errorMessage(t, report.error)} />
      ) : report.data ? (
        <FormReportView form={form} report={report.data} />
      ) : (
        <PageSpinner />
      )}
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        {t('forms.answers.title')}
      </Typography.Title>
      {answers.isError && !isHandledGlobally(answers.error) ? (
        <Alert type="error" showIcon title={errorMessage(t, answers.error)} />
      ) : (
        <Card size="small" styles={{ body: { padding: 0 } }}>
          <AnswersTable
            form={form}
            answers={answers.data}
            loading={answers.isPending || answers.isPlaceholderData}
            page={page}
            onPage={(next) => patch({ page: String(next) })}
          />
        </Card>
      )}
    </Flex>
  );
}
