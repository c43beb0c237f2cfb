import {
  addDays,
  countryRules,
  formatAmount,
  isoWeekday,
  onlyDigits,
  RUNNING_GROUP_STATUSES,
  type SmsRecipient,
  type SmsVariableValues,
  StudentStatus,
} from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { pgArray, selectRows, type Tx } from '../../db/client.js';

/** The facts of the company that every text may name. */
export interface CompanyFacts {
  name: string;
  phone: string | null;
  country: string;
  currency: string;
  today: string;
}

/** One message to be: who, to which number, in which branch, and the values of the text's variables. */
export interface Recipient {
  userId: number | null;
  leadId: number | null;
  recipient: SmsRecipient;
  name: string;
  /** International digits (998901234567): what the operator takes. */
  phone: string;
  branchId: number | null;
  values: SmsVariableValues;
}

/** A student as the texts need him. */
export interface StudentFacts {
  id: number;
  name: string;
  phone: string;
  parentName: string | null;
  parentPhone: string | null;
  branchId: number | null;
  archived: boolean;
  balance: number;
  groups: string[];
  courses: string[];
  nextLessonDate: string | null;
}

/** Students' own current places: in a running group and not gone, not archived in it. */
const CURRENT_PLACE = sql`gs.left_date is null and gs.status <> ${StudentStatus.archived}
  and g.status = any(${pgArray(RUNNING_GROUP_STATUSES)}::smallint[])`;

/** Names, phones, balances, groups, courses and next lessons of students, by id (missing ids are left out). */
export async function studentFacts(tx: Tx, companyId: number, ids: readonly number[], today: string) {
  if (!ids.length) return new Map<number, StudentFacts>();
  const people = await selectRows<{
    id: number;
    name: string;
    phone: string;
    parent_name: string | null;
    parent_phone: string | null;
    branch_id: number | null;
    archived: boolean;
    balance: number;
  }>(
    tx,
    sql`select u.id::int as id, u.name, u.phone, u.parent_name, u.parent_phone, u.main_branch_id::int as branch_id,
        u.archived_at is not null as archived, coalesce(b.balance, 0)::float8 as balance
      from users u left join student_balances b on b.company_id = u.company_id and b.student_id = u.id
      where u.company_id = ${companyId} and u.id = any(${pgArray(ids)}::bigint[])`,
  );
  const places = await selectRows<{
    student_id: number;
    title: string;
    course: string;
    days: number[];
    start_date: string;
    end_date: string | null;
  }>(
    tx,
    sql`select gs.student_id::int as student_id, coalesce(nullif(trim(g.name), ''), g.code) as title, c.name as course,
        g.days, g.start_date::text as start_date, g.end_date::text as end_date
      from group_students gs
      join groups g on g.company_id = gs.company_id and g.id = gs.group_id
      join courses c on c.company_id = g.company_id and c.id = g.course_id
      where gs.company_id = ${companyId} and gs.student_id = any(${pgArray(ids)}::bigint[]) and ${CURRENT_PLACE}
      order by g.id`,
  );
  const facts = new Map<number, StudentFacts>();
  for (const p of people) {
    facts.set(p.id, {
      id: p.id,
      name: p.name,
      phone: p.phone,
      parentName: p.parent_name,
      parentPhone: p.parent_phone,
      branchId: p.branch_id,
      archived: p.archived,
      balance: Number(p.balance),
      groups: [],
      courses: [],
      nextLessonDate: null,
    });
  }
  for (const place of places) {
    const student = facts.get(place.student_id);
    if (!student) continue;
    student.groups.push(place.title);
    if (!student.courses.includes(place.course)) student.courses.push(place.course);
    const next = nextScheduledDay(place, today);
    if (next && (!student.nextLessonDate || next < student.nextLessonDate)) student.nextLessonDate = next;
  }
  return facts;
}

/**
 * The group's next day of lessons from `today` on by its weekdays and dates. Holidays and single cancelled
 * lessons are not consulted: a text says "your next lesson", and a week ahead is where it looks.
 */
function nextScheduledDay(group: { days: number[]; start_date: string; end_date: string | null }, today: string) {
  for (let offset = 0; offset < 14; offset += 1) {
    const day = addDays(today, offset);
    if (day < group.start_date || (group.end_date && day > group.end_date)) continue;
    if (group.days.includes(isoWeekday(day))) return day;
  }
  return null;
}

/** The national number as the operator takes it: the country's code and the digits (too short: null). */
export function internationalPhone(phone: string | null, country: string): string | null {
  const digits = onlyDigits(phone ?? '');
  const rules = countryRules(country);
  if (digits.length < rules.phoneDigits) return null;
  const prefix = onlyDigits(rules.phonePrefix ?? '');
  return digits.length > rules.phoneDigits || digits.startsWith(prefix) ? digits : `${prefix}${digits}`;
}

const ddmmyyyy = (date: string | null) => (date ? `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}` : '');

/** The variables of spec §3 for one student (amounts in the company's currency, dates as dd.mm.yyyy). */
export function studentValues(student: StudentFacts, company: CompanyFacts, extra: SmsVariableValues = {}) {
  const money = (amount: number) => `${formatAmount(amount, company.currency)} ${company.currency}`;
  return {
    student_name: student.name,
    parent_name: student.parentName ?? '',
    balance: money(student.balance),
    debt: money(Math.max(0, -student.balance)),
    group: student.groups.join(', '),
    course: student.courses.join(', '),
    next_lesson_date: ddmmyyyy(student.nextLessonDate),
    company_name: company.name,
    branch_phone: company.phone ?? '',
    ...extra,
  } satisfies SmsVariableValues;
}

/** `fallback`: the student's own number, else his parent's (automatic rules: one message a student). */
export type SmsTo = 'student' | 'parent' | 'both' | 'fallback';

export interface Skipped {
  no_phone: number;
  archived: number;
  not_own: number;
}

/** The messages of students to their own, their parents' or both numbers; who has no such number is counted. */
export function studentRecipients(
  students: readonly StudentFacts[],
  to: SmsTo,
  company: CompanyFacts,
  skipped: Skipped,
  extra: (student: StudentFacts) => SmsVariableValues = () => ({}),
): Recipient[] {
  const out: Recipient[] = [];
  for (const student of students) {
    if (student.archived) {
      skipped.archived += 1;
      continue;
    }
    const values = studentValues(student, company, extra(student));
    const own = to !== 'parent' ? internationalPhone(student.phone, company.country) : null;
    const parent =
      to === 'student' || (to === 'fallback' && own) ? null : internationalPhone(student.parentPhone, company.country);
    const base = { userId: student.id, leadId: null, branchId: student.branchId, values };
    if (own) out.push({ ...base, recipient: 'student', name: student.name, phone: own });
    if (parent && parent !== own) {
      out.push({ ...base, recipient: 'parent', name: student.parentName || student.name, phone: parent });
    }
    if (!own && !parent) skipped.no_phone += 1;
  }
  return out;
}
