import { addDays, localDate } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies, courses } from '../db/schema/index.js';
import { findCompanyBySubdomain } from '../modules/company/service.js';
import { inCompany } from '../platform/tenancy.js';
import { seedArchiveDemo } from './archive-demo.js';
import { seedDemoAttendance } from './attendance-factories.js';
import { seedBlogDemo } from './blog-demo.js';
import { seedCommentsDemo } from './comments-demo.js';
import { seedCourseLessonsDemo } from './course-lessons-demo.js';
import { seedCoursesDemo } from './courses-demo.js';
import { seedExamsDemo } from './exams-demo.js';
import { seedExpensesDemo } from './expenses-demo.js';
import { type CreatedCompany, createCompanyWithRoleUsers, createRoomRow } from './factories.js';
import { seedFormsDemo } from './forms-demo.js';
import { seedGamificationDemo } from './gamification-demo.js';
import { seedGradesDemo } from './grades-demo.js';
import { seedGroupsDemo } from './groups-demo.js';
import { seedHistoryDemo } from './history-demo.js';
import { seedLeadsDemo } from './leads-demo.js';
import { seedDemoMerchants, seedLicenceDemo } from './licence-demo.js';
import { seedOfferDemo } from './offer-demo.js';
import { seedParentsDemo } from './parents-demo.js';
import { seedDemoPayments } from './payments-demo.js';
import { seedPerformanceDemo } from './performance-demo.js';
import { seedRemindersDemo } from './reminders-demo.js';
import { seedReportsDemo } from './reports-demo.js';
import { seedSalariesDemo } from './salaries-demo.js';
import { seedSmsDemo } from './sms-demo.js';
import { seedTelephonyDemo } from './telephony-demo.js';
import { seedUsersDemo } from './users-demo.js';

export const DEMO_COMPANIES = [
  {
    name: 'Demo Academy',
    subdomain: 'demo',
    // The scoring module on: grades, the rating and the limited admin's grade entry show (spec §2).
    datas: {
      company_type: 'training_center',
      country: 'uz',
      locale: 'uz',
      onboarded: true,
      scoring_module_is_enabled: '1',
    },
    branches: ['Chilonzor', 'Yunusobod'],
    rooms: [
      ['Room 101', 16],
      ['Room 102', 12],
      ['IT Lab', 20],
    ],
    students: 400,
  },
  {
    name: 'Kids Garden',
    subdomain: 'kids',
    datas: { company_type: 'kindergarten', country: 'kz', locale: 'ru', onboarded: true },
    branches: ['Almaty Centre', 'Almaty Medeu'],
    rooms: [
      ['Sunflower', 15],
      ['Rainbow', 12],
    ],
    students: 120,
  },
] as const;

/**
 * Seeds the demo companies once (an existing `demo` company means the seed already
 * ran): a believable centre a new user can click through — courses with levels,
 * teachers, rooms, groups without schedule conflicts and students in them.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  if (await findCompanyBySubdomain(db, 'demo')) return false;
  for (const spec of DEMO_COMPANIES) {
    const company = await createCompanyWithRoleUsers(db, {
      name: spec.name,
      subdomain: spec.subdomain,
      datas: spec.datas,
      branches: [...spec.branches],
    });
    const country = spec.datas.country ?? 'uz';
    if (!(await seedLicenceDemo(db, company.id, country))) await giveDemoLicence(db, company.id);
    if (spec.subdomain === 'demo') await seedDemoMerchants(db, company.id, process.env.DEMO_MERCHANTS);
    const roomIds: number[] = [];
    for (const branchId of company.branchIds) {
      for (const [name, capacity] of spec.rooms)
        roomIds.push(await createRoomRow(db, company.id, branchId, name, capacity));
    }
    await seedCoursesDemo(db, company.id, { kindergarten: spec.datas.company_type === 'kindergarten' });
    const people = await seedUsersDemo(db, company, spec.students);
    await seedGroupsDemo(db, company, {
      courses: await teachableCourses(db, company),
      // The demo's log-in teacher (9000000 06) teaches too, so his home shows lessons to mark.
      teachers: [company.users.teacher.id, ...people.teacherIds],
      rooms: roomIds,
      students: people.studentIds,
    });
    await seedPerformanceDemo(db, company);
    // The log-in student joins his groups first, so his registers, grades and comments (a parent's screen) are filled.
    await seedCourseLessonsDemo(db, company.id, company.users.student.id);
    await seedDemoAttendance(db, company.id);
    await seedGradesDemo(db, company.id);
    await seedCommentsDemo(db, company.id, spec.datas);
    await seedExamsDemo(db, company.id);
    await seedExpensesDemo(db, company, spec.datas);
    await seedDemoPayments(db, company);
    await seedSalariesDemo(db, company, spec.datas);
    await seedLeadsDemo(db, company, spec.datas, await teachableCourses(db, company));
    await seedReportsDemo(db, company);
    await seedRemindersDemo(db, company, spec.datas);
    await seedSmsDemo(db, company, spec.datas);
    await seedFormsDemo(db, company, spec.datas.locale === 'ru' ? 'ru' : 'uz', country);
    await seedBlogDemo(db, company, spec.datas.locale === 'ru' ? 'ru' : 'uz');
    await seedGamificationDemo(db, company, spec.datas.locale === 'ru' ? 'ru' : 'uz');
    await seedTelephonyDemo(db, company);
    await seedArchiveDemo(db, company, spec.datas);
    await seedParentsDemo(db, company);
    await seedHistoryDemo(db, company);
    if (spec.subdomain === 'demo') await seedOfferDemo(db, company, { name: spec.name, studentIds: people.studentIds });
  }
  return true;
}

/** A licence running for 47 more days from the seed's day, so the dashboard shows its days left. */
async function giveDemoLicence(db: Db, companyId: number) {
  const endsOn = addDays(localDate(), 47);
  await inCompany(db, companyId, (tx) =>
    tx.update(companies).set({ licenceEndsOn: endsOn }).where(eq(companies.id, companyId)),
  );
}

/** Groups study a level where a course has levels, else the course itself. */
async function teachableCourses(db: Db, company: CreatedCompany): Promise<number[]> {
  return inCompany(db, company.id, async (tx) => {
    const all = await tx
      .select({ id: courses.id, parentId: courses.parentId })
      .from(courses)
      .where(eq(courses.companyId, company.id));
    const parents = new Set(all.map((c) => c.parentId).filter((id): id is number => id !== null));
    return all.filter((c) => !parents.has(c.id)).map((c) => c.id);
  });
}
