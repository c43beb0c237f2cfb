import { COURSE_VIDEOS_FOLDER, LESSON_FILES_MAX, type LessonFile } from '@crm/contracts';
import { Empty, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../courses/course-materials';
import { useFolders } from '../courses/courses-api';

/** The course's files to choose from, by folder (the lesson's own files too, should one be gone from them). */
function useFileOptions(courseId: number, knownFiles: readonly LessonFile[]) {
  const { t } = useTranslation();
  const folders = useFolders(courseId);
  const listed = new Set(folders.data?.data.flatMap((folder) => folder.files.map((file) => file.id)));
  const option = (file: Pick<LessonFile, 'id' | 'name' | 'size'>) => ({
    value: file.id,
    label: `${file.name} (${formatSize(file.size)})`,
  });
  const options = (folders.data?.data ?? [])
    .filter((folder) => folder.files.length > 0)
    .map((folder) => ({
      label: folder.name === COURSE_VIDEOS_FOLDER ? t('courseLessons.editor.files.videosFolder') : folder.name,
      title: folder.name,
      options: folder.files.map(option),
    }));
  const unlisted = knownFiles.filter((file) => !listed.has(file.id));
  return { folders, options: unlisted.length ? [...options, ...unlisted.map(option)] : options };
}

/** Files of the course's folders shown with the lesson (uploaded under Materials on the course's page). */
export function LessonFilesField({ courseId, knownFiles }: { courseId: number; knownFiles: readonly LessonFile[] }) {
  const { t } = useTranslation();
  const { folders, options } = useFileOptions(courseId, knownFiles);
  return (
    <Form.Item
      name="file_ids"
      label={t('courseLessons.editor.files.label')}
      extra={t('courseLessons.editor.files.hint', { max: LESSON_FILES_MAX })}
      rules={[
        {
          type: 'array',
          max: LESSON_FILES_MAX,
          message: t('courseLessons.editor.files.tooMany', { max: LESSON_FILES_MAX }),
        },
      ]}
    >
      <Select
        mode="multiple"
        allowClear
        loading={folders.isPending}
        placeholder={t('courseLessons.editor.files.placeholder')}
        options={options}
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent={
          folders.isPending ? undefined : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('courseLessons.editor.files.none')} />
          )
        }
      />
    </Form.Item>
  );
}

/** Where the course's files cannot be listed (a teacher adding a lesson to his group): said, not hidden. */
export function LessonFilesUnavailable() {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('courseLessons.editor.files.label')}>
      <Typography.Text type="secondary">{t('courseLessons.editor.files.unavailable')}</Typography.Text>
    </Form.Item>
  );
}
