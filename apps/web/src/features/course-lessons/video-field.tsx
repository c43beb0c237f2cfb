import { DeleteOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { parseVideoLink, VIDEO_MAX_BYTES } from '@crm/contracts';
import { Button, Flex, Form, type FormInstance, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileUploader } from './file-uploader';
import type { LessonFormValues } from './lesson-form-values';
import { uploadLessonVideo, VIDEO_ACCEPT, videoProblem } from './lesson-transfer';
import { VideoFrame } from './lesson-video';

type UploadedVideo = NonNullable<LessonFormValues['video']['file']>;

interface VideoUploadProps {
  courseId: number;
  value?: UploadedVideo | null;
  onChange?: (video: UploadedVideo | null) => void;
}

/** A video file sent to the course's Videos folder as soon as it is chosen, with its progress. */
function VideoUpload({ courseId, value, onChange }: VideoUploadProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      {value && (
        <Flex align="center" gap={8}>
          <VideoCameraOutlined />
          <Typography.Text style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{value.name}</Typography.Text>
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('courseLessons.editor.video.remove', { name: value.name })}
            onClick={() => onChange?.(null)}
          />
        </Flex>
      )}
      <FileUploader
        accept={VIDEO_ACCEPT}
        label={t(value ? 'courseLessons.editor.video.replace' : 'courseLessons.editor.video.choose')}
        refusalOf={videoProblem}
        send={(file, onProgress) => uploadLessonVideo(courseId, file, onProgress)}
        onSent={(stored) => onChange?.({ id: stored.id, name: stored.name })}
      />
      <Typography.Text type="secondary">
        {t('courseLessons.editor.video.fileHint', { size: VIDEO_MAX_BYTES / 1024 / 1024 })}
      </Typography.Text>
    </Flex>
  );
}

interface VideoFieldProps {
  courseId: number;
  /** Uploading is the course staff's (POST /course/{id}/video is the courses area): others link a video. */
  canUpload: boolean;
  form: FormInstance<LessonFormValues>;
}

/** The lesson's video: none, a file uploaded to the course, or a YouTube or Vimeo link shown as its player. */
export function VideoField({ courseId, canUpload, form }: VideoFieldProps) {
  const { t } = useTranslation();
  const kind = Form.useWatch(['video', 'kind'], form);
  const url = Form.useWatch(['video', 'url'], form) ?? '';
  const link = parseVideoLink(url);
  return (
    <>
      <Form.Item name={['video', 'kind']} label={t('courseLessons.editor.video.label')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'none', label: t('courseLessons.editor.video.none') },
            ...(canUpload || kind === 'file' ? [{ value: 'file', label: t('courseLessons.editor.video.file') }] : []),
            { value: 'link', label: t('courseLessons.editor.video.link') },
          ]}
        />
      </Form.Item>
      {kind === 'file' && (
        <Form.Item
          name={['video', 'file']}
          label={t('courseLessons.editor.video.fileLabel')}
          rules={[{ required: true, message: t('courseLessons.editor.video.fileRequired') }]}
        >
          <VideoUpload courseId={courseId} />
        </Form.Item>
      )}
      {kind === 'link' && (
        <>
          <Form.Item
            name={['video', 'url']}
            label={t('courseLessons.editor.video.linkLabel')}
            extra={t('courseLessons.editor.video.linkHint')}
            validateTrigger={['onChange', 'onBlur']}
            rules={[
              { required: true, message: t('courseLessons.editor.video.linkRequired') },
              {
                // The server frames only these two players, so the browser refuses the rest as it is typed.
                validator: async (_rule, value: string | undefined) => {
                  if (value?.trim() && !parseVideoLink(value))
                    throw new Error(t('courseLessons.editor.video.notALink'));
                },
              },
            ]}
          >
            <Input inputMode="url" placeholder="https://www.youtube.com/watch?v=…" allowClear />
          </Form.Item>
          {link && (
            <div style={{ marginBottom: 24 }}>
              <VideoFrame embedUrl={link.embed_url} title={t('courseLessons.editor.video.preview')} />
            </div>
          )}
        </>
      )}
    </>
  );
}
