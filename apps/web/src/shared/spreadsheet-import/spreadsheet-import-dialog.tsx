import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { IMPORT_MAX_ROWS, type JobStarted } from '@crm/contracts';
import { Alert, App, Button, Flex, Modal, Select, Spin, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../api/error-message';
import { useSession } from '../session/use-session';
import { type ImportReportResult, type ImportReportWords, ImportRowReport } from './import-row-report';

const EXCEL_NAME = /\.xlsx?$/i;
const thousands = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

export interface SpreadsheetImportDialogProps<Result extends ImportReportResult> {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The i18n key of the help text; it gets `max`, the row limit. */
  helpKey: string;
  /** The branch the rows go to. With `chooseBranch` it is only the first choice, among the user's branches. */
  branchId: number | null;
  chooseBranch?: boolean;
  /** GET the sample file in the language shown. */
  downloadSample: (language: string) => Promise<void>;
  /** Sends the file; the import runs as a job (issue 15) whose id this answers. */
  upload: (file: File, branchId: number) => Promise<JobStarted>;
  /** Follows the job until it ends (features/jobs `followImport`): its result, or its failure's reason. */
  follow: (jobId: string, ended: { done: (result: Result) => void; failed: (reason: string) => void }) => ReactNode;
  /** After a file added at least one row: refresh what shows the rows. */
  onImported: (result: Result) => unknown;
  reportWords: ImportReportWords;
}

/**
 * Spec §2 "Excel import with sample file", §5 xls or xlsx, up to 10,000 rows (the students and the leads
 * imports): the sample, the upload, the import job's progress (issue 15), and the answer row by row. The common words are the students
 * import's (`users.import.*`), the first import of the app.
 */
export function SpreadsheetImportDialog<Result extends ImportReportResult>({
  open,
  onClose,
  title,
  helpKey,
  branchId: firstBranch,
  chooseBranch = false,
  downloadSample,
  upload,
  follow,
  onImported,
  reportWords,
}: SpreadsheetImportDialogProps<Result>) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { user, company } = useSession();
  const [chosenBranch, setChosenBranch] = useState<number | null>(firstBranch);
  // Without the choice the rows go to the caller's branch as it is now (a board's header may change it).
  const branchId = chooseBranch ? chosenBranch : firstBranch;
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setJobId(null);
    setResult(null);
    setProblem(null);
    onClose();
  };

  const send = async (file: File) => {
    setProblem(null);
    if (!EXCEL_NAME.test(file.name)) return setProblem(t('errors.import_file_invalid'));
    if (branchId === null) return setProblem(t('validation.required'));
    setBusy(true);
    try {
      setJobId((await upload(file, branchId)).job_id);
    } catch (error) {
      if (!isHandledGlobally(error)) setProblem(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  // The full bar stays above the answer; another file starts afresh.
  const imported = (answer: Result) => {
    setResult(answer);
    if (answer.imported) void onImported(answer);
  };
  const failed = (reason: string) => {
    setJobId(null);
    setProblem(reason);
  };

  const sample = async () => {
    try {
      await downloadSample(i18n.language);
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      footer={
        <Button type="primary" onClick={close}>
          {/* Closing does not stop a running import: it goes on, in the background work of the settings. */}
          {t(result ? 'users.import.done' : jobId ? 'jobs.close' : 'common.cancel')}
        </Button>
      }
      width={720}
      destroyOnHidden
    >
      {jobId ? (
        <Flex vertical gap={12}>
          {follow(jobId, { done: imported, failed })}
          {result && (
            <>
              <ImportRowReport result={result} country={company?.datas.country ?? 'uz'} words={reportWords} />
              <Button
                onClick={() => {
                  setJobId(null);
                  setResult(null);
                }}
              >
                {t('users.import.another')}
              </Button>
            </>
          )}
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>
            {t(helpKey, { max: thousands(IMPORT_MAX_ROWS) })}
          </Typography.Paragraph>
          <Flex wrap gap={8} align="center">
            <Button icon={<DownloadOutlined />} onClick={sample}>
              {t('users.import.sample')}
            </Button>
            {chooseBranch && (user?.branches.length ?? 0) > 1 && (
              <Select
                aria-label={t('users.import.branch')}
                value={branchId}
                onChange={setChosenBranch}
                options={(user?.branches ?? []).map((b) => ({ value: b.id, label: b.name }))}
                style={{ minWidth: 200 }}
                prefix={`${t('users.import.branch')}:`}
              />
            )}
          </Flex>
          <Spin spinning={busy} tip={t('users.import.reading')}>
            <Upload.Dragger
              accept=".xls,.xlsx"
              multiple={false}
              showUploadList={false}
              disabled={busy}
              beforeUpload={(file) => {
                void send(file);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('users.import.drop')}</p>
              <p className="ant-upload-hint">{t('users.import.formats')}</p>
            </Upload.Dragger>
          </Spin>
          {problem && <Alert type="error" showIcon title={problem} />}
        </Flex>
      )}
    </Modal>
  );
}
