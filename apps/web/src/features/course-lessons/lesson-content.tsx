import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { CourseLesson, LessonFile } from '@crm/contracts';
import { Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../courses/course-materials';
import { mediaUrl } from './lesson-transfer';
import { LessonVideo } from './lesson-video';

// Whatever the teacher pasted (a wide picture, a table) stays inside a phone's width.
const BODY_CSS = `
.lesson-body { overflow-wrap: anywhere; }
.lesson-body img, .lesson-body video { max-width: 100%; height: auto; }
.lesson-body table { display: block; max-width: 100%; overflow-x: auto; border-collapse: collapse; }
.lesson-body td, .lesson-body th { border: 1px solid rgba(128, 128, 128, 0.35); padding: 4px 8px; }
`;

/** The lesson's text: HTML the server has already cleaned (only the safe part of what the editor sent). */
export function LessonBody({ html }: { html: string }) {
  if (!html.trim()) return null;
  return (
    <Typography>
      <style>{BODY_CSS}</style>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: body_html is sanitised by the server on save. */}
      <div className="lesson-body" dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

/** A file of a lesson or an answer, downloaded straight from its signed link. */
export function FileLink({ file }: { file: { name: string; size: number; url: string } }) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" gap={8} style={{ width: '100%' }}>
      <a
        href={mediaUrl(file.url)}
        download={file.name}
        aria-label={t('courseLessons.lesson.download', { name: file.name })}
      >
        <DownloadOutlined /> <span style={{ overflowWrap: 'anywhere' }}>{file.name}</span>
      </a>
      <Typography.Text type="secondary" style={{ flexShrink: 0 }}>
        <PaperClipOutlined /> {formatSize(file.size)}
      </Typography.Text>
    </Flex>
  );
}

/** The files shown with a lesson. */
export function LessonFiles({ files }: { files: LessonFile[] }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <List
      size="small"
      bordered
      header={<Typography.Text strong>{t('courseLessons.lesson.files')}</Typography.Text>}
      dataSource={files}
      rowKey="id"
      renderItem={(file) => (
        <List.Item>
          <FileLink file={file} />
        </List.Item>
      )}
    />
  );
}

/** What a lesson shows its reader: the video first (on a phone it is what is looked for), the text, the files. */
export function LessonContent({ lesson }: { lesson: Pick<CourseLesson, 'title' | 'body_html' | 'video' | 'files'> }) {
  const { t } = useTranslation();
  const empty = lesson.video.kind === 'none' && !lesson.body_html.trim() && lesson.files.length === 0;
  return (
    <Flex vertical gap={16}>
      <LessonVideo video={lesson.video} title={lesson.title} />
      <LessonBody html={lesson.body_html} />
      <LessonFiles files={lesson.files} />
      {empty && <Typography.Text type="secondary">{t('courseLessons.lesson.noContent')}</Typography.Text>}
    </Flex>
  );
}
