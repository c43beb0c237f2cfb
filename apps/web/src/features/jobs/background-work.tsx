import { DownloadOutlined } from '@ant-design/icons';
import type { Job } from '@crm/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Progress,
  Segmented,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useRowsText } from './job-progress';
import { countText, failureReason, jobTitle } from './job-words';
import { downloadJobFile, jobsOf, useJobs } from './jobs-api';

const STATE_COLORS = { queued: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

/** What a finished job did, in a few words: an import's rows, an export's rows. */
function useOutcomeText() {
  const { t, i18n } = useTranslation();
  const count = (value: number) => countText(value, i18n.language);
  return (job: Job) => {
    if (job.state === 'failed') return failureReason(t, job);
    const result = job.result;
    if (job.state !== 'done' || !result) return '';
    if ('imported' in result)
      return t('jobs.list.imported', { imported: count(result.imported), total: count(result.total_rows) });
    return t('jobs.list.written', { count: count(result.rows) });
  };
}

/**
 * Issue 15: the company's background work — imports and exports with their state and progress, the failures
 * with their reason (the dead letters an administrator must see), and the files kept for download.
 */
export function BackgroundWorkList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [failedOnly, setFailedOnly] = useState(false);
  const jobs = useJobs(page, failedOnly);
  const rowsText = useRowsText();
  const outcomeText = useOutcomeText();

  const download = async (job: Job) => {
    try {
      await downloadJobFile(job);
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  const columns: TableColumnsType<Job> = [
    {
      title: t('jobs.list.work'),
      key: 'work',
      render: (_, job) => (
        <Flex vertical>
          <Typography.Text strong>{jobTitle(t, job.name)}</Typography.Text>
          <Typography.Text type="secondary">{dayjs(job.created_at).format('DD.MM.YYYY HH:mm')}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('jobs.list.startedBy'),
      key: 'by',
      render: (_, job) => job.created_by?.name ?? t('jobs.list.system'),
    },
    {
      title: t('jobs.list.state'),
      key: 'state',
      render: (_, job) => <Tag color={STATE_COLORS[job.state]}>{t(`jobs.states.${job.state}`)}</Tag>,
    },
    {
      title: t('jobs.list.progress'),
      key: 'progress',
      width: 200,
      render: (_, job) => (
        <Flex vertical>
          <Progress
            size="small"
            percent={job.percent}
            status={job.state === 'failed' ? 'exception' : job.state === 'done' ? 'success' : 'active'}
            format={(percent) => `${percent ?? 0}%`}
          />
          <Typography.Text type="secondary">{rowsText(job)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('jobs.list.outcome'),
      key: 'outcome',
      render: (_, job) =>
        job.state === 'failed' ? <Typography.Text type="danger">{outcomeText(job)}</Typography.Text> : outcomeText(job),
    },
    {
      title: t('jobs.list.file'),
      key: 'file',
      render: (_, job) =>
        job.policies.download ? (
          <Button size="small" icon={<DownloadOutlined />} onClick={() => download(job)}>
            {job.file_name}
          </Button>
        ) : null,
    },
  ];

  if (jobs.isError && !isHandledGlobally(jobs.error)) {
    return <Alert type="error" showIcon title={errorMessage(t, jobs.error)} />;
  }
  const data = jobs.data;
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">
          {data?.pagination ? t(data.everyone ? 'jobs.list.everyone' : 'jobs.list.own') : ''}
        </Typography.Text>
        <Segmented
          aria-label={t('jobs.list.filter')}
          value={failedOnly ? 'failed' : 'all'}
          onChange={(value) => {
            setFailedOnly(value === 'failed');
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('jobs.list.all') },
            { value: 'failed', label: t('jobs.list.failed') },
          ]}
        />
      </Flex>
      <Table<Job>
        size="small"
        rowKey="id"
        loading={jobs.isPending}
        dataSource={jobsOf(data)}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: jobs.isPending ? (
            ' '
          ) : (
            <Empty description={t(failedOnly ? 'jobs.list.noFailures' : 'jobs.list.empty')} />
          ),
        }}
        pagination={{
          current: page,
          pageSize: data?.pagination?.per_page ?? 10,
          total: data?.pagination?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
      />
    </Flex>
  );
}

/** The settings page's card of the company's background work. */
export function BackgroundWorkCard() {
  const { t } = useTranslation();
  return (
    <Card id="jobs" title={t('jobs.title')}>
      <BackgroundWorkList />
    </Card>
  );
}

/** /jobs: the background work as a page of its own. */
export function BackgroundWorkPage() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('jobs.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('jobs.subtitle')}</Typography.Text>
      <Card>
        <BackgroundWorkList />
      </Card>
    </Flex>
  );
}
