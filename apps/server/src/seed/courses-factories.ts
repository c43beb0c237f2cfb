import { TagType, type TagTypeId } from '@crm/contracts';
import type { Db } from '../db/client.js';
import { archiveReasons, courseFiles, courseFolders, courses, holidays, tags } from '../db/schema/index.js';
import { inCompany } from '../platform/tenancy.js';

/**
 * Rows of the course catalogue, holidays, tags and archive reasons for tests and the demo seed
 * (STYLE.md 9). They write rows directly, without history, as fixtures do.
 */

export interface CourseSpec {
  name: string;
  code?: string;
  description?: string | null;
  /** Minor units of the company's currency (whole sum for UZS). */
  price?: number;
  parentId?: number | null;
  /** Minutes. */
  lessonDuration?: number;
  courseDurationMonths?: number | null;
  examDuration?: number | null;
  lessonsPerModule?: number | null;
}

const insertedId = (rows: { id: number }[]) => {
  const [row] = rows;
  if (!row) throw new Error('insert returned no row');
  return row.id;
};

/** A course (or a level, with parentId) with believable defaults: 90-minute lessons, 6 months. */
export async function createCourse(db: Db, companyId: number, spec: CourseSpec): Promise<number> {
  return inCompany(db, companyId, async (tx) =>
    insertedId(
      await tx
        .insert(courses)
        .values({
          companyId,
          name: spec.name,
          code:
            spec.code ??
            spec.name
              .replace(/[^\p{L}\p{N}]/gu, '')
              .slice(0, 6)
              .toUpperCase(),
          description: spec.description ?? null,
          price: spec.price ?? 0,
          parentId: spec.parentId ?? null,
          lessonDuration: spec.lessonDuration ?? 90,
          durationMonths: spec.courseDurationMonths === undefined ? 6 : spec.courseDurationMonths,
          examDuration: spec.examDuration ?? null,
          lessonsPerModule: spec.lessonsPerModule ?? null,
        })
        .returning({ id: courses.id }),
    ),
  );
}

export async function createCourseFolder(db: Db, companyId: number, courseId: number, name: string) {
  return inCompany(db, companyId, async (tx) =>
    insertedId(
      await tx.insert(courseFolders).values({ companyId, courseId, name }).returning({ id: courseFolders.id }),
    ),
  );
}

/** A file row only: its bytes are not stored (enough for access tests; uploads go through the API). */
export async function createCourseFileRow(db: Db, companyId: number, folderId: number, name: string) {
  return inCompany(db, companyId, async (tx) =>
    insertedId(
      await tx
        .insert(courseFiles)
        .values({ companyId, folderId, name, mimeType: 'application/pdf', size: 0, storageKey: '0'.repeat(32) })
        .returning({ id: courseFiles.id }),
    ),
  );
}

/** `date` as YYYY-MM-DD. */
export async function createHoliday(db: Db, companyId: number, name: string, date: string): Promise<number> {
  return inCompany(db, companyId, async (tx) =>
    insertedId(await tx.insert(holidays).values({ companyId, name, date }).returning({ id: holidays.id })),
  );
}

export async function createTag(
  db: Db,
  companyId: number,
  name: string,
  type: TagTypeId = TagType.student,
  color: string | null = null,
): Promise<number> {
  return inCompany(db, companyId, async (tx) =>
    insertedId(await tx.insert(tags).values({ companyId, name, type, color }).returning({ id: tags.id })),
  );
}

export async function createArchiveReason(db: Db, companyId: number, name: string, active = true): Promise<number> {
  return inCompany(db, companyId, async (tx) =>
    insertedId(
      await tx.insert(archiveReasons).values({ companyId, name, active }).returning({ id: archiveReasons.id }),
    ),
  );
}
