import type { HistoryItem } from './history-api.js';
import { type SentenceTools, sentence, words } from './history-sentence-kit.js';

/** History sentences of course lessons, the group's lessons and homework (issue 19). */

const lesson = (t: SentenceTools) => t.strong(t.text('title'));
const course = { entity: 'course', entity_id: 4 } as const;
const group = { entity: 'group', entity_id: 30 } as const;

export const learningSentences = {
  courseLessonAdded: sentence({
    label: words('Dars qoʻshildi', 'Добавлен урок', 'Lesson added', 'Pelajaran ditambahkan'),
    placeholders: ['lesson', 'group'],
    fill: (t) => ({ lesson: lesson(t), group: t.number('group_id') === undefined ? undefined : t.group() }),
    variant: (t) => (t.number('group_id') === undefined ? 'default' : 'group'),
    templates: {
      default: words(
        '{actor} kursga dars qoʻshdi: {lesson}',
        '{actor} добавил[а] урок в курс: {lesson}',
        '{actor} added lesson {lesson} to the course',
        '{actor} menambahkan pelajaran {lesson} ke kursus',
      ),
      group: words(
        '{actor} {group} guruhi uchun dars qoʻshdi: {lesson}',
        '{actor} добавил[а] урок для группы {group}: {lesson}',
        '{actor} added lesson {lesson} for group {group}',
        '{actor} menambahkan pelajaran {lesson} untuk kelompok {group}',
      ),
    },
  }),
  courseLessonChanged: sentence({
    label: words('Dars tahrirlandi', 'Урок изменён', 'Lesson edited', 'Pelajaran diubah'),
    placeholders: ['lesson'],
    fill: (t) => ({ lesson: lesson(t) }),
    templates: {
      default: words(
        '{actor} darsni tahrirladi: {lesson}',
        '{actor} изменил[а] урок {lesson}',
        '{actor} edited lesson {lesson}',
        '{actor} mengubah pelajaran {lesson}',
      ),
    },
  }),
  courseLessonDeleted: sentence({
    label: words('Dars oʻchirildi', 'Урок удалён', 'Lesson deleted', 'Pelajaran dihapus'),
    placeholders: ['lesson'],
    fill: (t) => ({ lesson: lesson(t) }),
    templates: {
      default: words(
        '{actor} darsni oʻchirdi: {lesson}',
        '{actor} удалил[а] урок {lesson}',
        '{actor} deleted lesson {lesson}',
        '{actor} menghapus pelajaran {lesson}',
      ),
    },
  }),
  syllabusReordered: sentence({
    label: words('Darslar tartibi oʻzgardi', 'Изменён порядок уроков', 'Lessons reordered', 'Urutan pelajaran diubah'),
    placeholders: ['course'],
    fill: (t) => ({ course: t.strong(t.text('name')) }),
    templates: {
      default: words(
        '{actor} {course} kursi darslari tartibini oʻzgartirdi',
        '{actor} изменил[а] порядок уроков курса {course}',
        '{actor} reordered the lessons of course {course}',
        '{actor} mengubah urutan pelajaran kursus {course}',
      ),
    },
  }),
  lessonOpeningChanged: sentence({
    label: words('Darslarning ochilishi', 'Открытие уроков', 'Lesson opening', 'Pembukaan pelajaran'),
    placeholders: ['group'],
    fill: (t) => ({ group: t.group() }),
    variant: (t) => (t.raw('open_all') === true ? 'default' : 'daily'),
    templates: {
      default: words(
        '{actor} {group} guruhining barcha darslarini oʻquvchilarga birdaniga ochdi',
        '{actor} открыл[а] ученикам группы {group} все уроки сразу',
        '{actor} opened all lessons of group {group} to its students at once',
        '{actor} membuka semua pelajaran kelompok {group} untuk siswanya sekaligus',
      ),
      daily: words(
        '{actor} {group} guruhi darslarini har biri oʻz kunida ochiladigan qildi',
        '{actor} сделал[а] так, что уроки группы {group} открываются каждый в свой день',
        '{actor} set the lessons of group {group} to open each on its day',
        '{actor} mengatur pelajaran kelompok {group} agar dibuka masing-masing pada harinya',
      ),
    },
  }),
  homeworkHandedIn: sentence({
    label: words('Uy vazifasi topshirildi', 'Сдано домашнее задание', 'Homework handed in', 'PR diserahkan'),
    placeholders: ['lesson', 'group'],
    fill: (t) => ({ lesson: lesson(t), group: t.group() }),
    templates: {
      default: words(
        '{actor} {group} guruhida “{lesson}” darsi uy vazifasini topshirdi',
        '{actor} сдал[а] домашнее задание урока «{lesson}» в группе {group}',
        '{actor} handed in the homework of lesson “{lesson}” in group {group}',
        '{actor} menyerahkan PR pelajaran “{lesson}” di kelompok {group}',
      ),
    },
  }),
  homeworkReviewed: sentence({
    label: words('Uy vazifasi tekshirildi', 'Проверено домашнее задание', 'Homework reviewed', 'PR diperiksa'),
    placeholders: ['student', 'lesson', 'group', 'score'],
    fill: (t) => ({
      student: t.person('student_name'),
      lesson: lesson(t),
      group: t.group(),
      score: t.strong(t.number('score')?.toString()),
    }),
    variant: (t) => (t.number('score') === undefined ? 'default' : 'scored'),
    templates: {
      default: words(
        '{actor} {group} guruhida {student}ning “{lesson}” darsi uy vazifasini tekshirdi',
        '{actor} проверил[а] домашнее задание студента {student} по уроку «{lesson}» в группе {group}',
        '{actor} reviewed the homework of {student} for lesson “{lesson}” in group {group}',
        '{actor} memeriksa PR {student} untuk pelajaran “{lesson}” di kelompok {group}',
      ),
      scored: words(
        '{actor} {group} guruhida {student}ning “{lesson}” darsi uy vazifasiga {score} baho qoʻydi',
        '{actor} оценил[а] домашнее задание студента {student} по уроку «{lesson}» в группе {group} на {score}',
        '{actor} gave {student} a {score} for the homework of lesson “{lesson}” in group {group}',
        '{actor} memberi {student} nilai {score} untuk PR pelajaran “{lesson}” di kelompok {group}',
      ),
    },
  }),
};

/** What the server writes for each event of this file (history-sentence-samples.ts checks each sentence). */
export const LEARNING_SAMPLES: Record<
  keyof typeof learningSentences,
  [Record<string, unknown>, Partial<HistoryItem>?][]
> = {
  courseLessonAdded: [
    [{ title: 'Variables', course_id: 4 }, course],
    [{ title: 'Revision', course_id: 4, group_id: 30, group_title: 'PY-BAS-1' }, group],
  ],
  courseLessonChanged: [[{ title: 'Variables', course_id: 4 }, course]],
  courseLessonDeleted: [[{ title: 'Variables', course_id: 4 }, course]],
  syllabusReordered: [[{ name: 'Python', course_id: 4 }, course]],
  lessonOpeningChanged: [
    [{ open_all: true, group_title: 'PY-BAS-1' }, group],
    [{ open_all: false, group_title: 'PY-BAS-1' }, group],
  ],
  homeworkHandedIn: [
    [{ title: 'Variables', lesson_id: 9, student_id: 7, student_name: 'Sobirov D.', group_title: 'PY-BAS-1' }, group],
  ],
  homeworkReviewed: [
    [{ title: 'Variables', lesson_id: 9, student_id: 7, student_name: 'Sobirov D.', group_title: 'PY-BAS-1' }, group],
    [
      {
        title: 'Variables',
        lesson_id: 9,
        student_id: 7,
        student_name: 'Sobirov D.',
        group_title: 'PY-BAS-1',
        score: 5,
      },
      group,
    ],
  ],
};
