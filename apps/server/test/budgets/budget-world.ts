import { AttendanceMark, Role, StudentStatus, TagType } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { attendances, leadSections, lessons } from '../../src/db/schema/index.js';
import { runBilling } from '../../src/modules/billing/runs.js';
import { bookEntry } from '../../src/modules/finance/ledger.js';
import { recountAttendanceSummary } from '../../src/modules/lessons/attendance-summary.js';
import { inCompany } from '../../src/platform/tenancy.js';
import { createCourse, createTag } from '../../src/seed/courses-factories.js';
import { createCompanyWithRoleUsers, createRoomRow } from '../../src/seed/factories.js';
import { insertGroupRow, insertGroupStudentRow } from '../../src/seed/groups-factories.js';
import { createLeadSourceRow, insertLeads, type LeadSpec } from '../../src/seed/leads-factories.js';
import { createTeacher, insertPeople } from '../../src/seed/users-factories.js';
import { uniqueSubdomain } from '../helpers.js';

/** The app's clock in these tests: Wednesday 18 March 2026, noon in Tashkent (the company's zone). */
export const NOW = new Date('2026-03-18T07:00:00Z');
export const TODAY = '2026-03-18';
export const MONTH = { from: '2026-03-01', till: '2026-03-31' };
/** The odd-days lessons of March up to today; the 13th is cancelled, the 16th taught by a substitute. */
const LESSON_DAYS = ['2026-03-02', '2026-03-04', '2026-03-06', '2026-03-09', '2026-03-11', '2026-03-16'];
const PRICE = 600_000;
const METHODS = ['cash', 'card', 'payme', 'transfer'] as const;

/**
 * One training centre whose every listed thing grows with `scale`, so the same request
 * can be compared on scale 1 and scale 3 (the N+1 check). Per branch (Main, North):
 * 2·scale groups, each with its own teacher, room and course (so a lookup per
 * course, teacher or room shows as growth), 3·scale students per group with their statuses, tags, marks of
 * March, a cancelled and a substituted lesson, March's charges (the real billing run)
 * and payments that leave some in debt; 10·scale leads over the columns and scale
 * sections of the waiting column. One "regular" student sits in every Main group, so
 * his profile lists 2·scale groups and their ledger lines.
 */
export async function createBudgetWorld(db: Db, scale: number) {
  const company = await createCompanyWithRoleUsers(db, {
    name: `Budget Centre ×${scale}`,
    subdomain: uniqueSubdomain(`budget${scale}`),
    branches: ['Main', 'North'],
    datas: { country: 'uz', student_payment_mode: 'monthly_calendar', lessons_per_month_status: 'dynamic' },
  });
  const companyId = company.id;
  const [main, north] = company.branchIds as [number, number];
  let phone = 930_000_000;
  const nextPhone = () => String(++phone);

  const studentTag = await createTag(db, companyId, 'VIP');
  const leadTag = await createTag(db, companyId, 'Hot', TagType.lead);
  const sources: number[] = [];
  for (let i = 0; i < scale; i++) sources.push(await createLeadSourceRow(db, companyId, `Source ${i + 1}`));

  const [regular] = await insertPeople(
    db,
    companyId,
    [Role.student],
    [{ name: 'Regular Student', phone: nextPhone(), branchIds: [main, north], tagIds: [studentTag] }],
  );
  const groupsOf: Record<number, number[]> = { [main]: [], [north]: [] };
  const substitute = await createTeacher(db, companyId, {
    name: 'Substitute',
    phone: nextPhone(),
    branchIds: [main, north],
  });
  let serial = 0;
  for (const branchId of [main, north]) {
    for (let g = 0; g < 2 * scale; g++) {
      serial += 1;
      const courseId = await createCourse(db, companyId, { name: `Course ${serial}`, price: PRICE });
      const teacherId = await createTeacher(db, companyId, {
        name: `Teacher ${serial}`,
        phone: nextPhone(),
        branchIds: [branchId],
      });
      const roomId = await createRoomRow(db, companyId, branchId, `Room ${serial}`, 20);
      const students = await insertPeople(
        db,
        companyId,
        [Role.student],
        Array.from({ length: 3 * scale }, (_, s) => ({
          name: `Student ${serial}-${s + 1}`,
          phone: nextPhone(),
          branchIds: [branchId],
          tagIds: s % 2 ? [] : [studentTag],
        })),
      );
      const places = branchId === main ? [regular as number, ...students] : students;
      const groupId = await inCompany(db, companyId, async (tx) => {
        const id = await insertGroupRow(tx, companyId, {
          branchId,
          courseId,
          teacherId,
          roomId,
          name: `Group ${serial}`,
          dayType: 'odd',
          startDate: '2026-03-02',
          endDate: '2026-08-31',
        });
        for (const [s, studentId] of places.entries()) {
          // Mostly paying students; every fourth frozen, every fifth left on the 11th.
          const status =
            s % 5 === 4 ? StudentStatus.archived : s % 4 === 3 ? StudentStatus.frozen : StudentStatus.active;
          await insertGroupStudentRow(tx, companyId, id, studentId, {
            status,
            createdDate: '2026-03-02',
            leftDate: status === StudentStatus.archived ? '2026-03-11' : null,
          });
        }
        await tx.insert(lessons).values([
          { companyId, groupId: id, scheduledDate: '2026-03-13', cancelledAt: NOW, cancelReason: 'Teacher ill' },
          { companyId, groupId: id, scheduledDate: '2026-03-16', teacherId: substitute },
        ]);
        const marks = places.flatMap((studentId, s) =>
          LESSON_DAYS.map((attendDate, d) => ({
            companyId,
            groupId: id,
            studentId,
            attendDate,
            status: (s + d) % 4 ? AttendanceMark.present : AttendanceMark.absent,
            markedBy: teacherId,
          })),
        );
        await tx.insert(attendances).values(marks);
        await recountAttendanceSummary(
          tx,
          companyId,
          marks.map((m) => ({ groupId: id, studentId: m.studentId, date: m.attendDate })),
        );
        return id;
      });
      groupsOf[branchId]?.push(groupId);
      await payForPlaces(db, companyId, company.users.cashier.id, branchId, groupId, places);
    }
    await seedLeads(db, companyId, branchId, scale, { sources, leadTag, admin: company.users.admin.id, nextPhone });
  }
  // March's charges as the daily run books them, so balances, debtors and the profile's ledger are real.
  await runBilling(db, companyId, TODAY, { at: NOW });
  // Fresh statistics, as a production database has them: the tables this world filled, not the whole database.
  for (const table of [
    'users',
    'groups',
    'group_students',
    'attendances',
    'attendance_summaries',
    'ledger_entries',
    'leads',
  ])
    await db.execute(sql.raw(`analyze ${table}`));
  return { company, companyId, main, north, regular: regular as number, groups: groupsOf };
}

export type BudgetWorld = Awaited<ReturnType<typeof createBudgetWorld>>;

/** The first student of a group pays the month, the second a third of it, the rest nothing yet. */
async function payForPlaces(
  db: Db,
  companyId: number,
  cashierId: number,
  branchId: number,
  groupId: number,
  studentIds: number[],
) {
  await inCompany(db, companyId, async (tx) => {
    for (const [s, studentId] of studentIds.entries()) {
      if (s > 1) break;
      await bookEntry(
        tx,
        { id: cashierId, companyId },
        {
          kind: 'payment',
          amount: s === 0 ? PRICE : PRICE / 3,
          date: `2026-03-0${2 + s}`,
          branchId,
          studentId,
          groupId,
          method: METHODS[(groupId + s) % METHODS.length],
          cause: 'payment',
        },
      );
    }
  });
}

async function seedLeads(
  db: Db,
  companyId: number,
  branchId: number,
  scale: number,
  refs: { sources: number[]; leadTag: number; admin: number; nextPhone: () => string },
) {
  const sections = await inCompany(db, companyId, (tx) =>
    tx
      .insert(leadSections)
      .values(
        Array.from({ length: scale }, (_, i) => ({
          companyId,
          branchId,
          column: 'waiting',
          title: `Call back ${i + 1}`,
          position: (i + 1) * 1024,
        })),
      )
      .returning({ id: leadSections.id }),
  );
  const columns = ['incoming', 'incoming', 'waiting', 'waiting', 'set'] as const;
  const specs: LeadSpec[] = Array.from({ length: 10 * scale }, (_, i) => {
    const column = columns[i % columns.length] ?? 'incoming';
    return {
      branchId,
      name: `Lead ${i + 1}`,
      phone: refs.nextPhone(),
      column,
      sectionId: column === 'waiting' && i % 2 ? (sections[i % sections.length]?.id ?? null) : null,
      sourceId: refs.sources[i % refs.sources.length] ?? null,
      adminId: refs.admin,
      tagIds: i % 3 ? [] : [refs.leadTag],
      createdAt: new Date(`2026-03-${String(1 + (i % 17)).padStart(2, '0')}T06:00:00Z`),
    };
  });
  await insertLeads(db, companyId, specs);
}
