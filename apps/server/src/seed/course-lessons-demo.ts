import { addDays, GroupStatus, StudentStatus } from '@crm/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { courseLessons, courses, groupStudents, groups, homeworkAnswers } from '../db/schema/index.js';
import { loadGroupPlan } from '../modules/course-lessons/group-plan.js';
import { groupRowColumns } from '../modules/groups/group-scope.js';
import { inCompany } from '../platform/tenancy.js';
import { insertGroupStudentRow } from './groups-factories.js';

/** Syllabus topics by the start of a course's code (the demo catalogue's codes); others take the general list. */
const TOPICS: Record<string, readonly string[]> = {
  PY: [
    'Installing Python, the first program',
    'Variables and types',
    'Strings and f-strings',
    'Conditions: if, elif, else',
    'Loops: for and while',
    'Lists and tuples',
    'Dictionaries and sets',
    'Functions',
    'Modules and packages',
    'Files',
    'Exceptions',
    'Classes and objects',
    'Project: a console game',
  ],
  FE: [
    'The structure of an HTML page',
    'Text, links and images',
    'Lists and tables',
    'Forms',
    'CSS selectors',
    'The box model',
    'Flexbox',
    'Grid',
    'Responsive pages',
    'JavaScript basics',
    'The DOM and events',
    'Project: a landing page',
  ],
  MATH: [
    'Natural sonlar',
    'Oddiy kasrlar',
    'Oʻnli kasrlar',
    'Foizlar',
    'Chiziqli tenglamalar',
    'Tengsizliklar',
    'Funksiya va grafik',
    'Uchburchaklar',
    'Aylana va doira',
    'Matnli masalalar',
    'Takrorlash va test',
  ],
  RUS: [
    'Alifbo va tovushlar',
    'Salomlashish va tanishish',
    'Ot va uning rodi',
    'Koʻplik shakli',
    'Hozirgi zamon feʼllari',
    'Kelishiklar: bosh va tushum',
    'Oʻtgan zamon',
    'Kundalik hayot',
    'Doʻkonda',
    'Takrorlash va test',
  ],
};
const GENERAL = [
  'Greetings and introductions',
  'Present Simple',
  'Daily routines',
  'Numbers, dates and time',
  'Family and friends',
  'Past Simple',
  'Food and shopping',
  'Travel and directions',
  'Present Continuous',
  'Plans for the future',
  'Comparing things',
  'Review and test',
];

const topicsOf = (code: string | null) =>
  TOPICS[Object.keys(TOPICS).find((prefix) => code?.toUpperCase().startsWith(prefix)) ?? ''] ?? GENERAL;

const bodyOf = (title: string) =>
  `<h2>${title}</h2><p>Darsning asosiy gʻoyasi va misollar. Dars oxirida qisqa mashq bajaramiz.</p>` +
  '<ul><li>Yangi soʻzlar va tushunchalar</li><li>Misollar ustida ishlash</li><li>Savol-javob</li></ul>';

/**
 * Course lessons for the demo (issue 19): every course a group studies gets a syllabus from the topics above,
 * every third lesson with homework; in the first groups, students have handed in the homework of lessons
 * already held, most of it reviewed by the teacher. Runs once per new demo company.
 */
export async function seedCourseLessonsDemo(db: Db, companyId: number, demoStudentId: number): Promise<void> {
  await enrolDemoStudent(db, companyId, demoStudentId);
  await inCompany(db, companyId, async (tx) => {
    const taught = await tx
      .selectDistinct({ id: courses.id, code: courses.code })
      .from(courses)
      .innerJoin(groups, and(eq(groups.companyId, courses.companyId), eq(groups.courseId, courses.id)))
      .where(eq(courses.companyId, companyId));
    const rows = taught.flatMap((course) =>
      topicsOf(course.code).map((title, index) => ({
        companyId,
        courseId: course.id,
        position: index + 1,
        title,
        bodyHtml: bodyOf(title),
        homeworkText: index % 3 === 1 ? 'Darsdagi mashqlarni oxirigacha bajaring va javobingizni yuboring.' : null,
        homeworkDueDays: index % 3 === 1 ? 2 : null,
        homeworkAnswer: index % 3 === 1 ? 'any' : null,
      })),
    );
    if (rows.length) await tx.insert(courseLessons).values(rows);

    const now = new Date();
    const someGroups = await tx
      .select(groupRowColumns)
      .from(groups)
      .where(eq(groups.companyId, companyId))
      .orderBy(asc(groups.id))
      .limit(12);
    for (const row of someGroups) {
      const group = { ...row, startTime: row.startTime.slice(0, 5), endTime: row.endTime.slice(0, 5) };
      const plan = await loadGroupPlan(tx, companyId, group, now);
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
      const answers = plan.placed
        .filter(({ lesson, at }) => lesson.homeworkText !== null && at !== null && at.date < plan.time.today)
        .flatMap(({ lesson, at }) =>
          students
            .filter((student) => (student.id + lesson.id) % 4 !== 0)
            .map((student) => {
              const reviewed = (student.id + lesson.id) % 3 !== 0;
              const handedIn = new Date(`${addDays(at!.date, 1)}T15:00:00Z`);
              return {
                companyId,
                groupId: group.id,
                lessonId: lesson.id,
                studentId: student.id,
                text: 'Mashqlarni bajardim, 3-mashqda savolim bor edi — darsda soʻrayman.',
                submittedAt: handedIn,
                late: false,
                score: reviewed ? 3 + ((student.id + lesson.id) % 3) : null,
                scale: reviewed ? 5 : null,
                comment: reviewed ? 'Yaxshi, imloga eʼtibor bering.' : null,
                reviewedBy: reviewed ? group.teacherId : null,
                reviewedAt: reviewed ? new Date(handedIn.getTime() + 86_400_000) : null,
              };
            }),
        );
      if (answers.length) await tx.insert(homeworkAnswers).values(answers);
    }
  });
}

/**
 * The demo's student who logs in (9000000 07) studies in the first two running groups of different courses
 * since they began, so his "Course lessons", grades and homework have something to show.
 */
async function enrolDemoStudent(db: Db, companyId: number, studentId: number) {
  await inCompany(db, companyId, async (tx) => {
    const running = await tx
      .select({ id: groups.id, courseId: groups.courseId, startDate: groups.startDate })
      .from(groups)
      .where(and(eq(groups.companyId, companyId), eq(groups.status, GroupStatus.active)))
      .orderBy(asc(groups.id));
    const chosen = running.filter((group, index) => running.findIndex((g) => g.courseId === group.courseId) === index);
    for (const group of chosen.slice(0, 2)) {
      await insertGroupStudentRow(tx, companyId, group.id, studentId, {
        status: StudentStatus.active,
        createdDate: group.startDate,
      });
    }
  });
}
