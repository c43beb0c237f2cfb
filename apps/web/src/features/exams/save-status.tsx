import { CheckCircleOutlined, ExclamationCircleOutlined, LoadingOutlined, SyncOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Where a value typed or chosen stands with the server. */
export type SaveState = 'saving' | 'saved' | 'retrying' | 'failed';

/**
 * A small line beside what was saved. It is a polite live region, so a screen reader hears "saved" or
 * "not saved" after a change without leaving the field.
 */
export function SaveStatus({ state, problem }: { state: SaveState | undefined; problem?: string | null }) {
  const { t } = useTranslation();
  const shown =
    state === 'saving' ? (
      <Typography.Text type="secondary">
        <LoadingOutlined /> {t('exams.save.saving')}
      </Typography.Text>
    ) : state === 'saved' ? (
      <Typography.Text type="success">
        <CheckCircleOutlined /> {t('exams.save.saved')}
      </Typography.Text>
    ) : state === 'retrying' ? (
      <Typography.Text type="warning">
        <SyncOutlined spin /> {t('exams.save.retrying')}
      </Typography.Text>
    ) : state === 'failed' ? (
      <Typography.Text type="danger">
        <ExclamationCircleOutlined /> {problem ?? t('exams.save.failed')}
      </Typography.Text>
    ) : null;
  return (
    <span role="status" style={{ fontSize: 13 }}>
      {shown}
    </span>
  );
}
