import { type CompanyDatas, StudentStatus } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loginAs } from '../../../test/helpers.js';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createTeacher } from '../../seed/users-factories.js';
import { createGroupsWorld, nextPhone } from '../groups/groups-test-world.js';

/**
 * The tests' clock: Wednesday 18 November 2026, 09:30 in Tashkent (UTC+5), the
 * company's time zone — during the 09:00–10:30 lesson of the world's odd-days group.
 */
export const clock = { now: new Date('2026-11-18T04:30:00Z') };
export const atTashkent = (date: string, time: string) => {
  clock.now = new Date(`${date}T${time}:00+05:00`);
};

/**
 * A groups world plus an odd-days group (Mon, Wed, Fri 09:00–10:30 from 2 November
 * 2026, room A) taught by the role teacher who logs in as tokens.teacher, with five
 * students: three from the start, one who joined on the 11th and one who left on the 13th.
 */
export async function createLessonsWorld(app: FastifyInstance, db: Db) {
  const w = await createGroupsWorld(app, db);
  const teacherId = w.company.users.teacher.id;
  const group = await createGroupRow(db, w.company.id, {
    branchId: w.main,
    courseId: w.english,
    teacherId,
    roomId: w.rooms.a,
    dayType: 'odd',
    startTime: '09:00',
    endTime: '10:30',
    startDate: '2026-11-02',
    endDate: '2027-04-30',
    name: 'Morning English',
  });
  const [s1, s2, s3, joined, left] = w.students as [number, number, number, number, number];
  for (const s of [s1, s2, s3]) {
    await addStudentToGroupRow(db, w.company.id, group, s, { status: StudentStatus.active, createdDate: '2026-11-02' });
  }
  await addStudentToGroupRow(db, w.company.id, group, joined, {
    status: StudentStatus.active,
    createdDate: '2026-11-11',
  });
  await addStudentToGroupRow(db, w.company.id, group, left, {
    status: StudentStatus.archived,
    createdDate: '2026-11-02',
    leftDate: '2026-11-13',
  });
  const substitutePhone = nextPhone();
  const substitute = await createTeacher(db, w.company.id, {
    name: 'Sardor Substitute',
    phone: substitutePhone,
    branchIds: [w.main],
  });
  const substituteToken = await loginAs(app, w.sub, substitutePhone);

  const setDatas = (datas: Partial<CompanyDatas>) =>
    inCompany(db, w.company.id, async (tx) => {
      const [row] = await tx.select({ datas: companies.datas }).from(companies).where(eq(companies.id, w.company.id));
      await tx
        .update(companies)
        .set({ datas: { ...(row?.datas as object), ...datas } })
        .where(eq(companies.id, w.company.id));
    });

  const grid = async (token: string, from = '2026-11-01', till = '2026-11-30', groupId = group) => {
    const res = await w.api(token, 'GET', `/group/${groupId}/attendance/${from}/${till}?withAttendance=1`);
    if (res.status !== 200) throw new Error(`grid: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as import('@crm/contracts').AttendanceGrid;
  };

  return {
    ...w,
    group,
    teacherId,
    substitute,
    substituteToken,
    pupils: { s1, s2, s3, joined, left },
    setDatas,
    grid,
  };
}
export type LessonsWorld = Awaited<ReturnType<typeof createLessonsWorld>>;
