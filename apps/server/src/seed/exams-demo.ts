import { addDays, StudentStatus } from '@crm/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  courses,
  examQuestions,
  examResults,
  exams,
  groupStudents,
  groups,
  meetingSettings,
} from '../db/schema/index.js';
import { companyTime } from '../modules/lessons/company-time.js';
import { inCompany } from '../platform/tenancy.js';

type Seeded = Omit<typeof examQuestions.$inferInsert, 'companyId' | 'courseId'>;

/** A small bank per kind of course (the demo catalogue's codes), every kind of question in it. */
const BANKS: Record<string, Seeded[]> = {
  PY: [
    { kind: 'single', text: 'print(2 ** 3) natijasi nima?', options: ['6', '8', '9'], correct: [1] },
    {
      kind: 'multiple',
      text: 'Qaysilari Python maʼlumot turlari?',
      options: ['list', 'array', 'dict', 'tuple'],
      correct: [0, 2, 3],
      points: 2,
    },
    { kind: 'short', text: 'Roʻyxat uzunligini qaytaruvchi funksiya nomi?', accepted: ['len', 'len()'] },
    { kind: 'ordering', text: 'Funksiya yozish tartibini tiklang', options: ['def', 'nom', '(parametrlar):', 'tana'] },
    {
      kind: 'single',
      text: 'Qaysi kalit soʻz sikl ichidan chiqaradi?',
      options: ['continue', 'break', 'pass'],
      correct: [1],
    },
  ],
  MATH: [
    { kind: 'single', text: '25 ning 20 foizi nechaga teng?', options: ['4', '5', '20'], correct: [1] },
    { kind: 'short', text: '3x + 6 = 21 tenglamada x = ?', accepted: ['5'] },
    { kind: 'multiple', text: 'Qaysilari tub son?', options: ['2', '9', '11', '15'], correct: [0, 2], points: 2 },
    { kind: 'ordering', text: 'Kichikdan kattaga tartiblang', options: ['0,25', '1/3', '0,5', '3/4'] },
  ],
};
const GENERAL: Seeded[] = [
  { kind: 'single', text: 'She ___ to school every day.', options: ['go', 'goes', 'going'], correct: [1] },
  { kind: 'single', text: 'Yesterday I ___ a film.', options: ['watch', 'watched', 'watching'], correct: [1] },
  {
    kind: 'multiple',
    text: 'Which words are colours?',
    options: ['green', 'table', 'yellow', 'run'],
    correct: [0, 2],
    points: 2,
  },
  { kind: 'short', text: 'The plural of “child”?', accepted: ['children'] },
  { kind: 'ordering', text: 'Put the words in order: a question', options: ['Where', 'do', 'you', 'live?'] },
  { kind: 'single', text: 'I am taller ___ my brother.', options: ['then', 'than', 'that'], correct: [1] },
];
const bankOf = (code: string | null) =>
  BANKS[Object.keys(BANKS).find((prefix) => code?.toUpperCase().startsWith(prefix)) ?? ''] ?? GENERAL;

/** Deterministic ball 5.0–10.0 per student and exam (the same demo on every machine). */
const ballOf = (studentId: number, examId: number) => 5 + ((studentId * 7 + examId * 13) % 51) / 10;

/**
 * Exams for the demo (issue 19): a question bank for every taught course; in the first groups a module exam taken
 * two weeks ago (balls entered), one left without balls (overdue on the roadmap), an online test today that the
 * students can take, and an exam ahead. Also an open Jitsi server for the online lessons.
 */
export async function seedExamsDemo(db: Db, companyId: number): Promise<void> {
  await inCompany(db, companyId, async (tx) => {
    const { today } = await companyTime(tx, companyId, new Date());
    const taught = await tx
      .selectDistinct({ id: courses.id, code: courses.code })
      .from(courses)
      .innerJoin(groups, and(eq(groups.companyId, courses.companyId), eq(groups.courseId, courses.id)))
      .where(eq(courses.companyId, companyId));
    const questions = taught.flatMap((course) =>
      bankOf(course.code).map((q) => ({ ...q, companyId, courseId: course.id })),
    );
    if (questions.length) await tx.insert(examQuestions).values(questions);

    const someGroups = await tx
      .select({ id: groups.id, teacherId: groups.teacherId })
      .from(groups)
      .where(eq(groups.companyId, companyId))
      .orderBy(asc(groups.id))
      .limit(12);
    for (const group of someGroups) {
      const planned = await tx
        .insert(exams)
        .values([
          {
            companyId,
            groupId: group.id,
            title: '1-modul yakuniy imtihoni',
            kind: 'offline',
            date: addDays(today, -14),
            module: 1,
          },
          { companyId, groupId: group.id, title: 'Nazorat ishi', kind: 'offline', date: addDays(today, -3), module: 2 },
          {
            companyId,
            groupId: group.id,
            title: 'Onlayn test',
            kind: 'online',
            date: today,
            durationMinutes: 20,
            questionCount: 4,
          },
          {
            companyId,
            groupId: group.id,
            title: '2-modul yakuniy imtihoni',
            kind: 'offline',
            date: addDays(today, 10),
            module: 2,
          },
        ])
        .returning({ id: exams.id });
      const students = await tx
        .select({ id: groupStudents.studentId })
        .from(groupStudents)
        .where(
          and(
            eq(groupStudents.companyId, companyId),
            eq(groupStudents.groupId, group.id),
            ne(groupStudents.status, StudentStatus.archived),
          ),
        );
      const taken = planned[0]!.id;
      if (students.length) {
        await tx.insert(examResults).values(
          students.map((student) => ({
            companyId,
            examId: taken,
            studentId: student.id,
            ball: ballOf(student.id, taken),
            gradedBy: group.teacherId,
          })),
        );
      }
    }
    await tx.insert(meetingSettings).values({ companyId, serverUrl: 'https://meet.jit.si' }).onConflictDoNothing();
  });
}
