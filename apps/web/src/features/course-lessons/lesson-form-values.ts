import type { CourseLesson, CourseLessonInput, HomeworkAnswerKind, HomeworkInput } from '@crm/contracts';
import type { FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/api-error';
import { fieldErrorMessages } from '../../shared/forms/field-rules';

export type VideoKind = 'none' | 'file' | 'link';

/** The editor's fields; the video and the homework keep what was typed while another choice is shown. */
export interface LessonFormValues {
  title: string;
  body_html: string;
  video: { kind: VideoKind; file?: { id: number; name: string } | null; url?: string };
  file_ids: number[];
  homework_on: boolean;
  homework: HomeworkInput;
  /** A group's own lesson: the lesson it follows; 0 stands for "at the beginning" (antd selects hold no null). */
  after_lesson_id?: number;
}

const NEW_HOMEWORK: HomeworkInput = { instructions: '', due_days: 7, answer: 'any' satisfies HomeworkAnswerKind };

/** The fields as a lesson fills them (a new lesson: empty). */
export function lessonFormValues(lesson?: CourseLesson): LessonFormValues {
  const video = lesson?.video ?? { kind: 'none' };
  return {
    title: lesson?.title ?? '',
    body_html: lesson?.body_html ?? '',
    video:
      video.kind === 'file'
        ? { kind: 'file', file: { id: video.file.id, name: video.file.name } }
        : video.kind === 'link'
          ? { kind: 'link', url: video.url }
          : { kind: 'none' },
    file_ids: lesson?.files.map((file) => file.id) ?? [],
    homework_on: !!lesson?.homework,
    homework: lesson?.homework ?? NEW_HOMEWORK,
  };
}

/** What is sent: only the chosen video, and the homework only when the switch is on. */
export function lessonInput(values: LessonFormValues): CourseLessonInput {
  const { video } = values;
  return {
    title: values.title.trim(),
    body_html: values.body_html,
    video:
      video.kind === 'file' && video.file
        ? { kind: 'file', file_id: video.file.id }
        : video.kind === 'link' && video.url
          ? { kind: 'link', url: video.url.trim() }
          : { kind: 'none' },
    file_ids: values.file_ids,
    homework: values.homework_on ? { ...values.homework, instructions: values.homework.instructions.trim() } : null,
  };
}

/** The server's dotted field names (validation_failed details) and the editor's field each belongs under. */
const FIELD_OF_PROBLEM: Readonly<Record<string, NamePath>> = {
  title: 'title',
  body_html: 'body_html',
  video: ['video', 'kind'],
  'video.kind': ['video', 'kind'],
  'video.url': ['video', 'url'],
  'video.file_id': ['video', 'file'],
  file_ids: 'file_ids',
  homework: 'homework_on',
  'homework.instructions': ['homework', 'instructions'],
  'homework.due_days': ['homework', 'due_days'],
  'homework.answer': ['homework', 'answer'],
  after_lesson_id: 'after_lesson_id',
};

/**
 * Puts a refusal's field problems under the editor's fields (a file id of the list: under the list).
 * False when the error names none of them, so the caller says it another way.
 */
export function showLessonFieldErrors(t: TFunction, form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const fieldOf = (problem: string) => FIELD_OF_PROBLEM[problem.replace(/^file_ids\.\d+$/, 'file_ids')];
  const fields = error.fieldErrors.map((problem) => problem.field).filter((field) => fieldOf(field) !== undefined);
  const messages = fieldErrorMessages(t, error, fields, (field) => form.getFieldValue(fieldOf(field)));
  form.setFields(Object.entries(messages).map(([field, message]) => ({ name: fieldOf(field), errors: [message] })));
  return fields.length > 0;
}
