import { DownloadOutlined } from '@ant-design/icons';
import type { Job } from '@crm/contracts';
import { Alert, App, Button, Flex, Progress, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { countText, failureReason } from './job-words';
import { downloadJobFile, isOver, useJob } from './jobs-api';

const STATUS = { queued: 'active', running: 'active', done: 'success', failed: 'exception' } as const;

/** "1,234 / 2,000 rows", or what the job does before it knows how many. */
export function useRowsText() {
  const { t, i18n } = useTranslation();
  return (job: Pick<Job, 'state' | 'done' | 'total'>) =>
    job.total === null
      ? t(job.state === 'queued' ? 'jobs.progress.queued' : 'jobs.progress.reading')
      : t('jobs.progress.rows', {
          done: countText(job.done, i18n.language),
          total: countText(job.total, i18n.language),
        });
}

export interface JobProgressProps {
  jobId: string;
  /** Called once, when the job is done or has failed. */
  onEnd?: (job: Job) => void;
  /** Say the failure here (default); a dialog that says it in its own place passes false. */
  showFailure?: boolean;
}

/**
 * Issue 15: a background job's progress bar — percent and rows, read every 700 ms until the job ends — then
 * its failure's reason, or the download of the file it kept.
 */
export function JobProgress({ jobId, onEnd, showFailure = true }: JobProgressProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const query = useJob(jobId);
  const rowsText = useRowsText();
  const job = query.data;
  const told = useRef(false);
  useEffect(() => {
    if (!job || !isOver(job) || told.current) return;
    told.current = true;
    onEnd?.(job);
  }, [job, onEnd]);

  if (query.isError) {
    return isHandledGlobally(query.error) ? null : <Alert type="error" showIcon title={errorMessage(t, query.error)} />;
  }
  const download = async () => {
    if (!job) return;
    try {
      await downloadJobFile(job);
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };
  return (
    <Flex vertical gap={8} role="status" aria-live="polite">
      <Progress
        aria-label={t('jobs.progress.label')}
        percent={job?.percent ?? 0}
        status={job ? STATUS[job.state] : 'active'}
        format={(percent) => `${percent ?? 0}%`}
      />
      <Typography.Text type="secondary">{job ? rowsText(job) : t('jobs.progress.queued')}</Typography.Text>
      {job?.state === 'failed' && showFailure && (
        <Alert type="error" showIcon title={t('jobs.progress.failed')} description={failureReason(t, job)} />
      )}
      {job?.policies.download && (
        <Button type="primary" icon={<DownloadOutlined />} onClick={download} style={{ alignSelf: 'flex-start' }}>
          {t('jobs.download', { name: job.file_name })}
        </Button>
      )}
    </Flex>
  );
}

/**
 * An import dialog's progress (shared/spreadsheet-import's `follow`): the bar until the import ends, then its
 * result handed back for the report row by row, or its failure's reason for the dialog to say.
 */
export function followImport<Result>(
  jobId: string,
  ended: { done: (result: Result) => void; failed: (reason: string) => void },
) {
  return <ImportProgress jobId={jobId} ended={ended as ImportEnded} />;
}

type ImportEnded = { done: (result: unknown) => void; failed: (reason: string) => void };

function ImportProgress({ jobId, ended }: { jobId: string; ended: ImportEnded }) {
  const { t } = useTranslation();
  return (
    <JobProgress
      jobId={jobId}
      showFailure={false}
      onEnd={(job) => (job.state === 'done' ? ended.done(job.result) : ended.failed(failureReason(t, job)))}
    />
  );
}
