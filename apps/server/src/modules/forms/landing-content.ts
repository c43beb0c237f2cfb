import {
  countryRules,
  formatAmount,
  GroupStatus,
  groupTitle,
  type LandingBlock,
  type LandingChoices,
  Role,
} from '@crm/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { branches, courses, groups, users } from '../../db/schema/index.js';

/** What a landing page's blocks show from the centre's own data: read when the page is served, so always current. */
export interface LandingContent {
  courses: Map<number, { name: string; description: string | null; price: string | null; months: number | null }>;
  teachers: Map<number, { name: string; photo: string | null }>;
  /** Groups still gathering students, by the branch the block names (0: every branch). */
  groups: Map<
    number,
    { title: string; course: string; days: number[]; time: string; starts: string; branch: string }[]
  >;
  /** Every top-level course in catalogue order, for a courses block that names none. */
  allCourses: number[];
}

const SHOWN_GROUPS = 24;

export async function landingContent(
  tx: Tx,
  companyId: number,
  country: string,
  blocks: readonly LandingBlock[],
): Promise<LandingContent> {
  const currency = countryRules(country).currency;
  const content: LandingContent = { courses: new Map(), teachers: new Map(), groups: new Map(), allCourses: [] };
  if (blocks.some((b) => b.type === 'courses')) {
    const rows = await tx
      .select()
      .from(courses)
      .where(and(eq(courses.companyId, companyId), isNull(courses.parentId)))
      .orderBy(asc(courses.name));
    for (const c of rows)
      content.courses.set(c.id, {
        name: c.name,
        description: c.description,
        price: c.price ? `${formatAmount(c.price, currency)} ${currency}` : null,
        months: c.durationMonths,
      });
    content.allCourses = rows.map((c) => c.id);
  }
  const teacherIds = blocks.flatMap((b) => (b.type === 'teachers' ? b.teacher_ids : []));
  if (teacherIds.length) {
    const rows = await tx
      .select({ id: users.id, name: users.name, photo: users.photo })
      .from(users)
      .where(
        and(eq(users.companyId, companyId), inArray(users.id, teacherIds), sql`${Role.teacher} = any(${users.roles})`),
      );
    for (const t of rows) content.teachers.set(t.id, { name: t.name, photo: t.photo });
  }
  for (const block of blocks) {
    if (block.type !== 'groups') continue;
    const branchId = block.branch_id ?? 0;
    if (content.groups.has(branchId)) continue;
    const rows = await tx
      .select({
        name: groups.name,
        code: groups.code,
        course: courses.name,
        days: groups.days,
        startTime: groups.startTime,
        endTime: groups.endTime,
        startDate: groups.startDate,
        branch: branches.name,
      })
      .from(groups)
      .innerJoin(courses, and(eq(courses.companyId, groups.companyId), eq(courses.id, groups.courseId)))
      .innerJoin(branches, and(eq(branches.companyId, groups.companyId), eq(branches.id, groups.branchId)))
      .where(
        and(
          eq(groups.companyId, companyId),
          eq(groups.status, GroupStatus.selection),
          block.branch_id ? eq(groups.branchId, block.branch_id) : undefined,
        ),
      )
      .orderBy(asc(groups.startDate), asc(groups.startTime))
      .limit(SHOWN_GROUPS);
    content.groups.set(
      branchId,
      rows.map((g) => ({
        title: groupTitle(g),
        course: g.course,
        days: g.days,
        time: `${g.startTime.slice(0, 5)}–${g.endTime.slice(0, 5)}`,
        starts: g.startDate,
        branch: g.branch,
      })),
    );
  }
  return content;
}

/** GET /landing-pages/choices: names only, for the builder's pickers (teachers not archived). */
export async function landingChoices(tx: Tx, companyId: number): Promise<LandingChoices> {
  const courseRows = await tx
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(and(eq(courses.companyId, companyId), isNull(courses.parentId)))
    .orderBy(asc(courses.name));
  const teacherRows = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), sql`${Role.teacher} = any(${users.roles})`, isNull(users.archivedAt)))
    .orderBy(asc(users.name));
  return { courses: courseRows, teachers: teacherRows };
}
