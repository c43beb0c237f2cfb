import { companyDatasSchema, companyTimeZone, zonedDateTime } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';

export interface CompanyTime {
  /** The company's calendar day and time of day now, in its time zone. */
  today: string;
  now: string;
  timeZone: string;
  /** Spec §8 "Teacher may mark attendance only during the lesson" (company setting). */
  teacherMarksOnlyDuringLesson: boolean;
}

/** Lesson times are the company's wall-clock times: "now" is read in its time zone, not the server's. */
export async function companyTime(tx: Tx, companyId: number, at: Date): Promise<CompanyTime> {
  const [row] = await tx.select({ datas: companies.datas }).from(companies).where(eq(companies.id, companyId));
  const datas = companyDatasSchema.parse(row?.datas ?? {});
  const timeZone = companyTimeZone(datas);
  const { date, time } = zonedDateTime(at, timeZone);
  return {
    today: date,
    now: time,
    timeZone,
    teacherMarksOnlyDuringLesson: datas.teacher_attendance_only_during_lesson,
  };
}
