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
  examQuestionChanged: sentence({
    label: words('Imtihon savoli', 'Вопрос экзамена', 'Exam question', 'Soal ujian'),
    placeholders: ['question'],
    fill: (t) => ({ question: t.strong(t.text('text')) }),
    variant: (t) =>
      t.text('action') === 'deleted' ? 'deleted' : t.text('action') === 'updated' ? 'updated' : 'default',
    templates: {
      default: words(
        '{actor} savollar bazasiga savol qoʻshdi: {question}',
        '{actor} добавил[а] вопрос в банк: {question}',
        '{actor} added a question to the bank: {question}',
        '{actor} menambahkan soal ke bank: {question}',
      ),
      updated: words(
        '{actor} savolni tahrirladi: {question}',
        '{actor} изменил[а] вопрос: {question}',
        '{actor} edited the question {question}',
        '{actor} mengubah soal {question}',
      ),
      deleted: words(
        '{actor} savolni oʻchirdi: {question}',
        '{actor} удалил[а] вопрос: {question}',
        '{actor} deleted the question {question}',
        '{actor} menghapus soal {question}',
      ),
    },
  }),
  examChanged: sentence({
    label: words('Imtihon', 'Экзамен', 'Exam', 'Ujian'),
    placeholders: ['exam', 'group', 'date'],
    fill: (t) => ({ exam: t.strong(t.text('title')), group: t.group(), date: t.date('date') }),
    variant: (t) =>
      t.text('action') === 'deleted' ? 'deleted' : t.text('action') === 'updated' ? 'updated' : 'default',
    templates: {
      default: words(
        '{actor} {group} guruhiga {date} kuni imtihon belgiladi: {exam}',
        '{actor} назначил[а] группе {group} экзамен {exam} на {date}',
        '{actor} set exam {exam} for group {group} on {date}',
        '{actor} menjadwalkan ujian {exam} untuk kelompok {group} pada {date}',
      ),
      updated: words(
        '{actor} {group} guruhi imtihonini oʻzgartirdi: {exam}, {date}',
        '{actor} изменил[а] экзамен {exam} группы {group}, {date}',
        '{actor} changed exam {exam} of group {group}, {date}',
        '{actor} mengubah ujian {exam} kelompok {group}, {date}',
      ),
      deleted: words(
        '{actor} {group} guruhi imtihonini oʻchirdi: {exam}',
        '{actor} удалил[а] экзамен {exam} группы {group}',
        '{actor} deleted exam {exam} of group {group}',
        '{actor} menghapus ujian {exam} kelompok {group}',
      ),
    },
  }),
  examResultGiven: sentence({
    label: words('Imtihon bali', 'Балл за экзамен', 'Exam ball', 'Nilai ujian'),
    placeholders: ['student', 'exam', 'group', 'ball'],
    fill: (t) => ({
      student: t.person('student_name'),
      exam: t.strong(t.text('title')),
      group: t.group(),
      ball: t.strong(t.number('ball')?.toString()),
    }),
    variant: (t) => (t.number('ball') === undefined ? 'cleared' : 'default'),
    templates: {
      default: words(
        '{actor} {group} guruhida {student}ga “{exam}” imtihoni uchun {ball} ball qoʻydi',
        '{actor} поставил[а] студенту {student} {ball} балла за экзамен «{exam}» в группе {group}',
        '{actor} gave {student} {ball} for exam “{exam}” in group {group}',
        '{actor} memberi {student} nilai {ball} untuk ujian “{exam}” di kelompok {group}',
      ),
      cleared: words(
        '{actor} {group} guruhida {student}ning “{exam}” imtihoni balini olib tashladi',
        '{actor} снял[а] балл студента {student} за экзамен «{exam}» в группе {group}',
        '{actor} took back the ball of {student} for exam “{exam}” in group {group}',
        '{actor} menghapus nilai {student} untuk ujian “{exam}” di kelompok {group}',
      ),
    },
  }),
  examSubmitted: sentence({
    label: words('Imtihon topshirildi', 'Экзамен сдан', 'Exam handed in', 'Ujian diserahkan'),
    placeholders: ['exam', 'group', 'ball'],
    fill: (t) => ({ exam: t.strong(t.text('title')), group: t.group(), ball: t.strong(t.number('ball')?.toString()) }),
    variant: (t) => (t.raw('at_deadline') === true ? 'deadline' : 'default'),
    templates: {
      default: words(
        '{actor} {group} guruhida “{exam}” imtihonini topshirdi: {ball} ball',
        '{actor} сдал[а] экзамен «{exam}» в группе {group}: {ball} балла',
        '{actor} handed in exam “{exam}” in group {group}: {ball}',
        '{actor} menyerahkan ujian “{exam}” di kelompok {group}: {ball}',
      ),
      deadline: words(
        '{actor}ning {group} guruhidagi “{exam}” imtihoni vaqti tugab yopildi: {ball} ball',
        '{actor}: экзамен «{exam}» в группе {group} закрыт по истечении времени: {ball} балла',
        '{actor}’s exam “{exam}” in group {group} closed when its time ran out: {ball}',
        '{actor}: ujian “{exam}” di kelompok {group} ditutup saat waktunya habis: {ball}',
      ),
    },
  }),
  meetingSettingsChanged: sentence({
    label: words('Onlayn darslar serveri', 'Сервер онлайн-уроков', 'Online lesson server', 'Server pelajaran daring'),
    placeholders: ['server'],
    fill: (t) => ({ server: t.strong(t.text('server_url')) }),
    variant: (t) => (t.text('server_url') === undefined ? 'off' : 'default'),
    templates: {
      default: words(
        '{actor} onlayn darslar uchun Jitsi serverini sozladi: {server}',
        '{actor} настроил[а] сервер Jitsi для онлайн-уроков: {server}',
        '{actor} set the Jitsi server for online lessons: {server}',
        '{actor} mengatur server Jitsi untuk pelajaran daring: {server}',
      ),
      off: words(
        '{actor} onlayn darslar serverini oʻchirdi',
        '{actor} отключил[а] сервер онлайн-уроков',
        '{actor} turned the online lesson server off',
        '{actor} mematikan server pelajaran daring',
      ),
    },
  }),
  meetingJoined: sentence({
    label: words('Onlayn darsga kirdi', 'Вход в онлайн-урок', 'Joined an online lesson', 'Masuk pelajaran daring'),
    placeholders: ['group', 'date'],
    fill: (t) => ({ group: t.group(), date: t.date('date') }),
    templates: {
      default: words(
        '{actor} {group} guruhining {date} kungi onlayn darsiga kirdi',
        '{actor}: вход в онлайн-урок группы {group} за {date}',
        '{actor} joined the online lesson of group {group} on {date}',
        '{actor} masuk pelajaran daring kelompok {group} pada {date}',
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
  examQuestionChanged: [
    [{ action: 'created', text: 'What is 2 + 2?', course_id: 4 }, course],
    [{ action: 'updated', text: 'What is 2 + 2?', course_id: 4 }, course],
    [{ action: 'deleted', text: 'What is 2 + 2?', course_id: 4 }, course],
  ],
  examChanged: [
    [{ action: 'created', title: 'Module 1', date: '2026-12-01', group_title: 'PY-BAS-1' }, group],
    [{ action: 'updated', title: 'Module 1', date: '2026-12-01', group_title: 'PY-BAS-1' }, group],
    [{ action: 'deleted', title: 'Module 1', date: '2026-12-01', group_title: 'PY-BAS-1' }, group],
  ],
  examResultGiven: [
    [{ title: 'Module 1', student_id: 7, student_name: 'Sobirov D.', group_title: 'PY-BAS-1', ball: 8.5 }, group],
    [{ title: 'Module 1', student_id: 7, student_name: 'Sobirov D.', group_title: 'PY-BAS-1' }, group],
  ],
  examSubmitted: [
    [{ title: 'Module 1', group_title: 'PY-BAS-1', ball: 9 }, group],
    [{ title: 'Module 1', group_title: 'PY-BAS-1', ball: 6.5, at_deadline: true }, group],
  ],
  meetingSettingsChanged: [
    [
      { server_url: 'https://meet.example.uz', app_id: 'crm' },
      { entity: 'company', entity_id: 1 },
    ],
    [{ server_url: null }, { entity: 'company', entity_id: 1 }],
  ],
  meetingJoined: [[{ date: '2026-11-18', group_title: 'PY-BAS-1' }, group]],
};
