import {
  CloseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  FileOutlined,
  FolderOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { ALLOWED_FILE_EXTENSIONS, type CourseFile, FILE_MAX_BYTES, type Folder } from '@crm/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  List,
  Popconfirm,
  Progress,
  Space,
  Spin,
  Typography,
  Upload,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { RowActions } from './catalog-ui';
import { useFolderMutations, useFolders } from './courses-api';
import { downloadCourseFile, uploadCourseFile, uploadProblem } from './file-transfer';
import { FolderNameModal, type FolderTarget } from './folder-name-modal';
import { runAction } from './form-errors';

const MB = 1024 * 1024;
/** "12.5 MB", "840 KB". */
export const formatSize = (bytes: number) =>
  bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

interface UploadItem {
  uid: string;
  name: string;
  percent: number;
  error?: string;
}

/** Spec §3 "Folder and file belong to a course": the course's materials. */
export function CourseMaterials({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const folders = useFolders(courseId);
  const [target, setTarget] = useState<FolderTarget | null>(null);
  const list = folders.data?.data ?? [];

  return (
    <Card
      title={t('courses.materials')}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create' })}>
          {t('courses.addFolder')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('courses.uploadHint', { size: FILE_MAX_BYTES / MB })}
      </Typography.Paragraph>
      {folders.isError && !isHandledGlobally(folders.error) && (
        <Alert type="error" showIcon title={errorMessage(t, folders.error)} />
      )}
      <Spin spinning={folders.isFetching && !folders.isPending}>
        {folders.isPending ? (
          <div style={{ minHeight: 80 }} />
        ) : list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('courses.noFolders')}>
            <Button type="primary" onClick={() => setTarget({ mode: 'create' })}>
              {t('courses.createFirstFolder')}
            </Button>
          </Empty>
        ) : (
          <Flex vertical gap={12}>
            {list.map((folder) => (
              <FolderCard
                key={folder.id}
                courseId={courseId}
                folder={folder}
                onRename={() => setTarget({ mode: 'rename', folder })}
              />
            ))}
          </Flex>
        )}
      </Spin>
      <FolderNameModal courseId={courseId} target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}

function FolderCard({ courseId, folder, onRename }: { courseId: number; folder: Folder; onRename: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { remove, removeFile, refresh } = useFolderMutations(courseId);
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const patch = (uid: string, change: Partial<UploadItem>) =>
    setUploads((items) => items.map((item) => (item.uid === uid ? { ...item, ...change } : item)));
  const dismiss = (uid: string) => setUploads((items) => items.filter((item) => item.uid !== uid));

  const start = (file: File & { uid: string }) => {
    const problem = uploadProblem(file);
    const item: UploadItem = { uid: file.uid, name: file.name, percent: 0 };
    if (problem) {
      setUploads((items) => [...items, { ...item, error: t(`errors.${problem}`) }]);
      return;
    }
    setUploads((items) => [...items, item]);
    uploadCourseFile(folder.id, file, (percent) => patch(file.uid, { percent }))
      .then(async () => {
        await refresh();
        dismiss(file.uid);
      })
      .catch((error: unknown) => {
        const text = error instanceof ApiError && error.status === 403 ? t('errors.forbidden') : errorMessage(t, error);
        patch(file.uid, { error: text });
      });
  };

  const download = async (file: CourseFile) => {
    try {
      await downloadCourseFile(file);
    } catch (error) {
      message.error(errorMessage(t, error));
    }
  };

  const header = (
    <Space>
      <FolderOutlined />
      <span style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{folder.name}</span>
      <Typography.Text type="secondary">({folder.files.length})</Typography.Text>
    </Space>
  );

  return (
    <Card
      size="small"
      type="inner"
      title={header}
      extra={
        <Space size={4}>
          <Upload
            multiple
            accept={ALLOWED_FILE_EXTENSIONS.join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              start(file);
              return false;
            }}
          >
            <Button
              size="small"
              icon={<UploadOutlined />}
              aria-label={t('courses.uploadTo', { name: folder.name })}
              title={t('courses.uploadTo', { name: folder.name })}
            >
              {t('courses.upload')}
            </Button>
          </Upload>
          <RowActions
            size="small"
            editLabel={t('courses.renameFolderLabel', { name: folder.name })}
            deleteLabel={t('courses.deleteFolderLabel', { name: folder.name })}
            deleteQuestion={t('courses.deleteFolderQuestion', { name: folder.name })}
            deleteWarning={t('courses.deleteFolderWarning', { count: folder.files.length })}
            onEdit={onRename}
            onDelete={() => runAction(t, message, () => remove.mutateAsync(folder.id), t('courses.folderDeleted'))}
          />
        </Space>
      }
    >
      {uploads.map((item) => (
        <div key={item.uid} role="status" style={{ marginBottom: 8 }}>
          <Flex justify="space-between" align="center" gap={8}>
            <Typography.Text ellipsis style={{ minWidth: 0 }}>
              {item.name}
            </Typography.Text>
            {item.error && (
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t('courses.dismiss')}
                onClick={() => dismiss(item.uid)}
              />
            )}
          </Flex>
          {item.error ? (
            <Typography.Text type="danger">{item.error}</Typography.Text>
          ) : (
            <Progress percent={item.percent} size="small" aria-label={t('courses.uploading', { name: item.name })} />
          )}
        </div>
      ))}
      <List
        size="small"
        dataSource={folder.files}
        locale={{ emptyText: t('courses.noFiles') }}
        renderItem={(file) => (
          <List.Item
            actions={[
              <Button
                key="download"
                size="small"
                type="text"
                icon={<DownloadOutlined />}
                aria-label={t('courses.downloadLabel', { name: file.name })}
                title={t('courses.downloadLabel', { name: file.name })}
                onClick={() => download(file)}
              />,
              <Popconfirm
                key="delete"
                title={t('courses.deleteFileQuestion', { name: file.name })}
                okText={t('common.delete')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => runAction(t, message, () => removeFile.mutateAsync(file.id), t('courses.fileDeleted'))}
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('courses.deleteFileLabel', { name: file.name })}
                  title={t('courses.deleteFileLabel', { name: file.name })}
                />
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              avatar={<FileOutlined />}
              title={<span style={{ overflowWrap: 'anywhere' }}>{file.name}</span>}
              description={`${formatSize(file.size)} · ${dayjs(file.created_at).format('DD.MM.YYYY')}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
