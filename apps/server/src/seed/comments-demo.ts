import { type CompanyDatas, companyDatasSchema, StudentStatus } from '@crm/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { groupComments, groupStudents, groups } from '../db/schema/index.js';
import { inCompany } from '../platform/tenancy.js';

/** What a teacher writes about a student; `shown`: the student and his parents may read it. */
const COMMENTS = [
  {
    uz: 'Uy vazifalarini oʻz vaqtida topshiradi, soʻz boyligi sezilarli oshdi.',
    ru: 'Сдаёт домашние задания вовремя, словарный запас заметно вырос.',
    shown: true,
  },
  {
    uz: 'Tinglab tushunishda qiynalyapti: uyda audio bilan koʻproq ishlash kerak.',
    ru: 'Трудно с аудированием: нужно больше работать с аудио дома.',
    shown: true,
  },
  {
    uz: 'Ota-onasi toʻlov muddatini uzaytirishni soʻradi, administratorga aytildi.',
    ru: 'Родители просили отсрочку оплаты, передано администратору.',
    shown: false,
  },
] as const;

/** How many groups of the company get comments, and how many of each group's students. */
const GROUPS = 12;
const STUDENTS_PER_GROUP = 2;
const DAY_MS = 86_400_000;

/**
 * Teachers' comments about students (issue 19) for the demo: in the first groups, two students each get the
 * comments above from their group's teacher — two shown to the student, one kept for the staff.
 */
export async function seedCommentsDemo(db: Db, companyId: number, companyDatas: Partial<CompanyDatas>) {
  const language = companyDatasSchema.parse(companyDatas).locale === 'ru' ? 'ru' : 'uz';
  await inCompany(db, companyId, async (tx) => {
    const someGroups = await tx
      .select({ id: groups.id, teacherId: groups.teacherId })
      .from(groups)
      .where(eq(groups.companyId, companyId))
      .orderBy(asc(groups.id))
      .limit(GROUPS);
    if (!someGroups.length) return;
    const places = await tx
      .select({ groupId: groupStudents.groupId, studentId: groupStudents.studentId })
      .from(groupStudents)
      .where(
        and(
          eq(groupStudents.companyId, companyId),
          eq(groupStudents.status, StudentStatus.active),
          inArray(
            groupStudents.groupId,
            someGroups.map((g) => g.id),
          ),
        ),
      )
      .orderBy(asc(groupStudents.groupId), asc(groupStudents.studentId));
    const rows = someGroups.flatMap((group) =>
      places
        .filter((place) => place.groupId === group.id)
        .slice(0, STUDENTS_PER_GROUP)
        .flatMap((place) =>
          COMMENTS.map((comment, index) => ({
            companyId,
            groupId: group.id,
            studentId: place.studentId,
            authorId: group.teacherId,
            text: comment[language],
            visibleToStudent: comment.shown,
            // A week apart, the last one a few days ago: a teacher's notes over a month.
            createdAt: new Date(Date.now() - ((COMMENTS.length - index) * 7 - 4) * DAY_MS),
          })),
        ),
    );
    if (rows.length) await tx.insert(groupComments).values(rows);
  });
}
