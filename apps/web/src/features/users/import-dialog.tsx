import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { IMPORT_MAX_ROWS, type ImportResult } from '@crm/contracts';
import { Alert, App, Button, Flex, Modal, Select, Spin, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { phoneText } from './people-kinds';
import { downloadXlsx, uploadStudents, useRefreshPeopleLists } from './users-api';

const ACCEPT = '.xls,.xlsx';
const EXCEL_NAME = /\.(xlsx?|XLSX?)$/;

/** Spec §2 "Excel import with sample file", §5 xls or xlsx, up to 10,000 rows: every refused row is listed. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { user, company, branch } = useSession();
  const refreshLists = useRefreshPeopleLists();
  const [branchId, setBranchId] = useState<number | null>(branch);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const country = company?.datas.country ?? 'uz';

  const close = () => {
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
      const answer = await uploadStudents(file, branchId);
      setResult(answer);
      if (answer.imported) await refreshLists();
    } catch (error) {
      if (!isHandledGlobally(error)) setProblem(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  const sample = async () => {
    try {
      await downloadXlsx('/user/import/sample', { lang: i18n.language }, t('users.import.sampleName'));
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  return (
    <Modal
      open={open}
      title={t('users.import.title')}
      onCancel={close}
      footer={
        <Button type="primary" onClick={close}>
          {t(result ? 'users.import.done' : 'common.cancel')}
        </Button>
      }
      width={720}
      destroyOnHidden
    >
      {result ? (
        <Flex vertical gap={12}>
          <Alert
            type={result.rejected.length ? 'warning' : 'success'}
            showIcon
            title={t('users.import.summary', { imported: result.imported, total: result.total_rows })}
            description={
              result.rejected.length ? t('users.import.rejectedCount', { count: result.rejected.length }) : undefined
            }
          />
          {result.rejected.length > 0 && (
            <Table
              size="small"
              rowKey="row"
              dataSource={result.rejected}
              scroll={{ x: 'max-content' }}
              pagination={result.rejected.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              columns={[
                { title: t('users.import.row'), dataIndex: 'row', key: 'row', width: 80 },
                { title: t('users.fields.name'), dataIndex: 'name', key: 'name' },
                {
                  title: t('users.fields.phone'),
                  key: 'phone',
                  // A refused phone is shown as it was typed; a good one with the country's mask.
                  render: (_, row) =>
                    row.phone && row.reason !== 'phone_invalid' ? phoneText(row.phone, country) : row.phone,
                },
                {
                  title: t('users.import.reason'),
                  key: 'reason',
                  render: (_, row) => t(`users.import.reasons.${row.reason}`),
                },
              ]}
            />
          )}
          <Button onClick={() => setResult(null)}>{t('users.import.another')}</Button>
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>
            {t('users.import.help', { max: String(IMPORT_MAX_ROWS).replace(/\B(?=(\d{3})+(?!\d))/g, ' ') })}
          </Typography.Paragraph>
          <Flex wrap gap={8} align="center">
            <Button icon={<DownloadOutlined />} onClick={sample}>
              {t('users.import.sample')}
            </Button>
            {(user?.branches.length ?? 0) > 1 && (
              <Select
                aria-label={t('users.import.branch')}
                value={branchId}
                onChange={setBranchId}
                options={(user?.branches ?? []).map((b) => ({ value: b.id, label: b.name }))}
                style={{ minWidth: 200 }}
                prefix={`${t('users.import.branch')}:`}
              />
            )}
          </Flex>
          <Spin spinning={busy} tip={t('users.import.reading')}>
            <Upload.Dragger
              accept={ACCEPT}
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
