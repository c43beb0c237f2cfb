import type { ExportStarted } from '@crm/contracts';
import { Button, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JobProgress } from './job-progress';

/**
 * A list's Excel export that runs in the background when the list is large (issue 15): `start` asks the server
 * (POST on the export's path), which answers a job for a large list, or none for a small one — then `direct`
 * downloads it at once, as before. `modal` shows the job's progress and, once done, its download.
 */
export function useBackgroundExport(): {
  run: (start: () => Promise<ExportStarted>, direct: () => Promise<void>) => Promise<void>;
  modal: ReactNode;
} {
  const { t } = useTranslation();
  const [jobId, setJobId] = useState<string | null>(null);
  const close = () => setJobId(null);
  const run = async (start: () => Promise<ExportStarted>, direct: () => Promise<void>) => {
    const started = await start();
    if (started.job_id === null) await direct();
    else setJobId(started.job_id);
  };
  const modal = (
    <Modal
      open={jobId !== null}
      title={t('jobs.export.title')}
      onCancel={close}
      footer={<Button onClick={close}>{t('jobs.close')}</Button>}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('jobs.export.help')}</Typography.Paragraph>
      {jobId && <JobProgress jobId={jobId} />}
    </Modal>
  );
  return { run, modal };
}
