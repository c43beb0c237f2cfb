import {
  addDays,
  type CompanyDatas,
  companyDatasSchema,
  companyDay,
  companyTimeZone,
  HistoryEvent,
  ReminderStatus,
  Role,
  TagType,
} from '@crm/contracts';
import { and, arrayContains, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  groups,
  historyEvents,
  leads,
  reminders,
  reminderTags,
  tags,
  userBranches,
  users,
} from '../db/schema/index.js';
import { dueMoment } from '../modules/reminders/reminder-scope.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany, RoleUsers } from './factories.js';

/** A task as the tests and the demo write it: straight into its table, its moment a company wall-clock one. */
export interface ReminderSpec {
  branchId: number;
  title: string;
  description?: string | null;
  date: string;
  time: string;
  status?: number;
  assignedTo: number;
  createdBy: number;
  resultComment?: string | null;
  studentId?: number | null;
  leadId?: number | null;
  groupId?: number | null;
  tagIds?: number[];
  /** When the app told the assignee (null: not yet). */
  notifiedAt?: Date | null;
}

/** Many tasks in a few statements; ids in the given order. */
export async function insertReminders(
  db: Db,
  companyId: number,
  timeZone: string,
  specs: ReminderSpec[],
): Promise<number[]> {
  if (!specs.length) return [];
  return inCompany(db, companyId, async (tx) => {
    const ids: number[] = [];
    // 500 rows × 14 columns stays far below PostgreSQL's bind-parameter limit.
    for (let i = 0; i < specs.length; i += 500) {
      const rows = await tx
        .insert(reminders)
        .values(
          specs.slice(i, i + 500).map((spec) => ({
            companyId,
            branchId: spec.branchId,
            title: spec.title,
            description: spec.description ?? null,
            dueAt: dueMoment(spec.date, spec.time, timeZone),
            status: spec.status ?? ReminderStatus.active,
            assignedTo: spec.assignedTo,
            createdBy: spec.createdBy,
            resultComment: spec.resultComment ?? null,
            studentId: spec.studentId ?? null,
            leadId: spec.leadId ?? null,
            groupId: spec.groupId ?? null,
            notifiedAt: spec.notifiedAt ?? null,
          })),
        )
        .returning({ id: reminders.id });
      ids.push(...rows.map((row) => row.id));
    }
    const tagRows = specs.flatMap((spec, i) =>
      (spec.tagIds ?? []).map((tagId) => ({ companyId, reminderId: ids[i] as number, tagId })),
    );
    if (tagRows.length) await tx.insert(reminderTags).values(tagRows);
    return ids;
  });
}

type Words = { uz: string; ru: string };

/** The demo's task tags (spec §3 Tag type 4). */
const TAGS: { name: Words; color: string }[] = [
  { name: { uz: 'Qoʻngʻiroq', ru: 'Звонок' }, color: 'blue' },
  { name: { uz: 'Toʻlov', ru: 'Оплата' }, color: 'gold' },
  { name: { uz: 'Muhim', ru: 'Важно' }, color: 'red' },
];

interface DemoTask {
  title: Words;
  comment?: Words;
  /** Days from the seed's day, and the company's time of day. */
  day: number;
  time: string;
  done?: boolean;
  who: 'admin' | 'teacher' | 'director';
  about?: 'student' | 'lead' | 'group';
  tag?: number;
}

/** One branch's tasks: a few done, one overdue, several today and later; about students, leads and groups. */
const TASKS: DemoTask[] = [
  {
    title: { uz: 'Qarzdor ota-onasiga qoʻngʻiroq qilish', ru: 'Позвонить родителям должника' },
    day: -1,
    time: '16:00',
    who: 'admin',
    about: 'student',
    tag: 1,
  },
  {
    title: { uz: 'Sinov darsini tasdiqlash', ru: 'Подтвердить пробный урок' },
    day: 0,
    time: '15:00',
    who: 'admin',
    about: 'lead',
    tag: 0,
  },
  {
    title: { uz: 'Sertifikatlarni tayyorlash', ru: 'Подготовить сертификаты' },
    day: 0,
    time: '17:30',
    who: 'director',
    about: 'group',
    tag: 2,
  },
  {
    title: { uz: 'Uy vazifalarini tekshirish', ru: 'Проверить домашние задания' },
    day: 0,
    time: '19:00',
    who: 'teacher',
    about: 'group',
  },
  {
    title: { uz: 'Lidga kurs narxini yuborish', ru: 'Отправить лиду цены курсов' },
    day: 1,
    time: '10:00',
    who: 'admin',
    about: 'lead',
    tag: 0,
  },
  {
    title: { uz: 'Oylik toʻlov haqida eslatish', ru: 'Напомнить об оплате за месяц' },
    day: 3,
    time: '11:00',
    who: 'admin',
    about: 'student',
    tag: 1,
  },
  {
    title: { uz: 'Xona jadvalini yangilash', ru: 'Обновить расписание кабинетов' },
    day: 6,
    time: '09:30',
    who: 'director',
  },
  {
    title: { uz: 'Yangi talaba bilan tanishuv suhbati', ru: 'Беседа с новым учеником' },
    comment: { uz: 'Suhbat boʻldi, guruhga qoʻshildi', ru: 'Поговорили, добавлен в группу' },
    day: -2,
    time: '12:00',
    done: true,
    who: 'admin',
    about: 'student',
  },
  {
    title: { uz: 'Lidga qayta qoʻngʻiroq', ru: 'Перезвонить лиду' },
    comment: { uz: 'Ertaga sinov darsiga keladi', ru: 'Придёт завтра на пробный урок' },
    day: -1,
    time: '11:00',
    done: true,
    who: 'admin',
    about: 'lead',
    tag: 0,
  },
  {
    title: { uz: 'Jurnalni toʻldirish', ru: 'Заполнить журнал' },
    comment: { uz: 'Toʻldirildi', ru: 'Заполнено' },
    day: -3,
    time: '18:00',
    done: true,
    who: 'teacher',
    about: 'group',
  },
];

/**
 * The demo's reminders (spec §2 /reminders): in each branch a few done, one overdue, several today and
 * later, given to the administrator, the branch director and the log-in teacher, about students, leads and
 * groups of that branch, with task tags — and their "task added" events in the history.
 */
export async function seedRemindersDemo(
  db: Db,
  company: CreatedCompany & { users: RoleUsers },
  companyDatas: Partial<CompanyDatas>,
) {
  const companyId = company.id;
  const datas = companyDatasSchema.parse(companyDatas);
  const language: keyof Words = datas.locale === 'ru' ? 'ru' : 'uz';
  const timeZone = companyTimeZone(datas);
  const today = companyDay(datas);
  const tagIds = await inCompany(db, companyId, async (tx) => {
    const rows = await tx
      .insert(tags)
      .values(TAGS.map((tag) => ({ companyId, type: TagType.task, name: tag.name[language], color: tag.color })))
      .returning({ id: tags.id });
    return rows.map((row) => row.id);
  });
  const who = {
    admin: company.users.admin.id,
    director: company.users.branchDirector.id,
    teacher: company.users.teacher.id,
  };

  for (const branchId of company.branchIds) {
    const about = await branchRefs(db, companyId, branchId, company.users.teacher.id);
    const picked = { student: 0, lead: 0, group: 0 };
    const pick = (kind: 'student' | 'lead' | 'group', teacher: boolean) => {
      const list = kind === 'group' && teacher ? about.teacherGroups : about[`${kind}s` as const];
      return list.length ? (list[picked[kind]++ % list.length] ?? null) : null;
    };
    const specs: ReminderSpec[] = TASKS.map((task) => {
      const ref = task.about ? pick(task.about, task.who === 'teacher') : null;
      return {
        branchId,
        title: task.title[language],
        date: addDays(today, task.day),
        time: task.time,
        status: task.done ? ReminderStatus.done : ReminderStatus.active,
        resultComment: task.comment?.[language] ?? null,
        assignedTo: who[task.who],
        createdBy: task.who === 'teacher' ? who.teacher : who.admin,
        studentId: task.about === 'student' ? ref : null,
        leadId: task.about === 'lead' ? ref : null,
        groupId: task.about === 'group' ? ref : null,
        tagIds: task.tag === undefined ? [] : [tagIds[task.tag] as number],
        // Earlier days' tasks were told of when they fell due.
        notifiedAt: task.day < 0 ? new Date() : null,
      };
    });
    const ids = await insertReminders(db, companyId, timeZone, specs);
    await inCompany(db, companyId, (tx) =>
      tx.insert(historyEvents).values(
        specs.map((spec, i) => ({
          companyId,
          type: HistoryEvent.reminderCreated,
          entity: 'reminder',
          entityId: ids[i] ?? null,
          branchId,
          actorId: spec.createdBy,
          data: { title: spec.title, date: spec.date, time: spec.time, assigned_to: spec.assignedTo },
        })),
      ),
    );
  }
}

/** A few students, open leads and groups of the branch (and the log-in teacher's groups) to attach tasks to. */
async function branchRefs(db: Db, companyId: number, branchId: number, teacherId: number) {
  return inCompany(db, companyId, async (tx) => {
    const students = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(
        userBranches,
        and(
          eq(userBranches.companyId, users.companyId),
          eq(userBranches.userId, users.id),
          eq(userBranches.branchId, branchId),
        ),
      )
      .where(and(eq(users.companyId, companyId), arrayContains(users.roles, [Role.student]), isNull(users.archivedAt)))
      .orderBy(asc(users.id))
      .limit(5);
    const openLeads = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.companyId, companyId), eq(leads.branchId, branchId), isNull(leads.archivedAt)))
      .orderBy(asc(leads.id))
      .limit(5);
    const branchGroups = await tx
      .select({ id: groups.id, teacherId: groups.teacherId })
      .from(groups)
      .where(and(eq(groups.companyId, companyId), eq(groups.branchId, branchId)))
      .orderBy(asc(groups.id));
    const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
    return {
      students: ids(students),
      leads: ids(openLeads),
      groups: ids(branchGroups.slice(0, 5)),
      teacherGroups: ids(branchGroups.filter((group) => group.teacherId === teacherId)),
    };
  });
}
