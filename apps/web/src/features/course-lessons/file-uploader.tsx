import { UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';

interface FileUploaderProps<Answer> {
  /** The extensions the file picker offers. */
  accept: string;
  label: string;
  /** The error code the server would refuse the file with, or null: checked before a byte is sent. */
  refusalOf: (file: File) => string | null;
  send: (file: File, onProgress: (percent: number) => void) => Promise<Answer>;
  onSent: (answer: Answer) => void;
}

/** One file, sent as soon as it is chosen, with its progress; a refusal is said under the button. */
export function FileUploader<Answer>({ accept, label, refusalOf, send, onSent }: FileUploaderProps<Answer>) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const start = (file: File) => {
    const refusal = refusalOf(file);
    setProblem(refusal && t(`errors.${refusal}`));
    if (refusal) return;
    setProgress({ name: file.name, percent: 0 });
    send(file, (percent) => setProgress({ name: file.name, percent }))
      .then(onSent)
      .catch((error: unknown) => setProblem(errorMessage(t, error)))
      .finally(() => setProgress(null));
  };

  return (
    <Flex vertical gap={4}>
      {progress ? (
        <div role="status">
          <Typography.Text style={{ overflowWrap: 'anywhere' }}>{progress.name}</Typography.Text>
          <Progress percent={progress.percent} aria-label={t('courseLessons.uploading', { name: progress.name })} />
        </div>
      ) : (
        <Upload
          accept={accept}
          showUploadList={false}
          beforeUpload={(file) => {
            start(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{label}</Button>
        </Upload>
      )}
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
    </Flex>
  );
}
