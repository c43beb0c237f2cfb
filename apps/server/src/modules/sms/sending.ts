import {
  analyzeSmsText,
  canAccess,
  companyDatasSchema,
  companyDay,
  countryRules,
  renderSmsText,
  type SmsPreview,
  type SmsSend,
  unknownSmsVariables,
} from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SmsCredentialsRejectedError } from '../../adapters/sms/sms-provider.js';
import { pgArray, selectRows, type Tx } from '../../db/client.js';
import { companies, leads } from '../../db/schema/index.js';
import { type Actor, assertBranch, branchFilterOf } from '../../platform/actor.js';
import { AppError, forbidden } from '../../platform/errors.js';
import { smsAccountOf } from './account.js';
import { type MessageToStore, storeMessages } from './outbox.js';
import { senderFor } from './providers.js';
import {
  type CompanyFacts,
  internationalPhone,
  type Recipient,
  type Skipped,
  studentFacts,
  studentRecipients,
} from './recipients.js';

/** Examples a preview renders. */
const SAMPLE_SIZE = 5;

export async function companyFacts(tx: Tx, companyId: number, at: Date): Promise<CompanyFacts> {
  const [row] = await tx
    .select({ name: companies.name, phone: companies.phone, datas: companies.datas })
    .from(companies)
    .where(eq(companies.id, companyId));
  const datas = companyDatasSchema.parse(row?.datas ?? {});
  return {
    name: row?.name ?? '',
    phone: row?.phone ?? null,
    country: datas.country,
    currency: countryRules(datas.country).currency,
    today: companyDay(datas, at),
  };
}

/** Staff who write SMS by their role; a teacher only as spec §6 lets him (own students, company setting). */
const isStaffSender = (actor: Actor) =>
  canAccess('sms', actor.roles) || canAccess('students', actor.roles) || canAccess('leads', actor.roles);

/**
 * Who a manual SMS reaches (spec §2): the students asked for, a group's current students, the branch's
 * debtors, or a lead — each within the sender's branches; a teacher only his own groups' students and only
 * when the company allows it (spec §6). Archived students and missing numbers are counted, not sent to.
 */
async function resolveAudience(tx: Tx, actor: Actor, input: SmsSend, company: CompanyFacts) {
  const skipped: Skipped = { no_phone: 0, archived: 0, not_own: 0 };
  const teacherOnly = !isStaffSender(actor);
  if (teacherOnly) {
    const account = await smsAccountOf(tx, actor.companyId);
    if (!account.teachersMaySend) throw new AppError(403, 'sms_teachers_not_allowed');
  }
  const audience = input.audience;
  if (audience.kind === 'lead') {
    if (!canAccess('leads', actor.roles)) throw forbidden();
    const [lead] = await tx
      .select({ id: leads.id, name: leads.name, phone: leads.phone, branchId: leads.branchId })
      .from(leads)
      .where(and(eq(leads.companyId, actor.companyId), eq(leads.id, audience.lead_id)));
    if (!lead) throw new AppError(404, 'not_found');
    assertBranch(actor, lead.branchId);
    const phone = internationalPhone(lead.phone, company.country);
    if (!phone) return { recipients: [], skipped: { ...skipped, no_phone: 1 } };
    const values = { student_name: lead.name, company_name: company.name, branch_phone: company.phone ?? '' };
    const recipient: Recipient = {
      userId: null,
      leadId: lead.id,
      recipient: 'lead',
      name: lead.name,
      phone,
      branchId: lead.branchId,
      values,
    };
    return { recipients: [recipient], skipped };
  }
  let ids: number[];
  if (audience.kind === 'students') ids = [...new Set(audience.student_ids)];
  else if (audience.kind === 'group') ids = await groupStudentIds(tx, actor, audience.group_id, teacherOnly);
  else {
    if (teacherOnly) throw forbidden();
    const branchId = input.branch_id ?? actor.branchIds[0];
    if (!branchId) throw new AppError(422, 'sms_no_recipients');
    assertBranch(actor, branchId);
    ids = await debtorIds(tx, actor.companyId, branchId);
  }
  const reachable = new Set(await reachableStudents(tx, actor, ids, teacherOnly));
  skipped.not_own = ids.filter((id) => !reachable.has(id)).length;
  if (teacherOnly && skipped.not_own > 0 && audience.kind === 'students')
    throw new AppError(403, 'sms_not_own_students');
  const facts = await studentFacts(tx, actor.companyId, [...reachable], company.today);
  const students = ids.flatMap((id) => facts.get(id) ?? []);
  return { recipients: studentRecipients(students, input.to, company, skipped), skipped };
}

/** A group's current students; a teacher must teach it. */
async function groupStudentIds(tx: Tx, actor: Actor, groupId: number, teacherOnly: boolean) {
  const [group] = await selectRows<{ branch_id: number; teacher_id: number }>(
    tx,
    sql`select branch_id::int, teacher_id::int from groups where company_id = ${actor.companyId} and id = ${groupId}`,
  );
  if (!group) throw new AppError(404, 'not_found');
  if (teacherOnly && group.teacher_id !== actor.id) throw new AppError(403, 'sms_not_own_students');
  if (!teacherOnly) assertBranch(actor, group.branch_id);
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`select distinct student_id::int as id from group_students
      where company_id = ${actor.companyId} and group_id = ${groupId} and left_date is null and status <> 6`,
  );
  return rows.map((r) => r.id);
}

/** The branch's students whose balance is below zero (the debtors list of spec §2). */
async function debtorIds(tx: Tx, companyId: number, branchId: number) {
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`select u.id::int as id from users u
      join student_balances b on b.company_id = u.company_id and b.student_id = u.id and b.balance < 0
      where u.company_id = ${companyId} and u.archived_at is null and 7 = any(u.roles)
        and exists (select 1 from user_branches ub where ub.company_id = u.company_id and ub.user_id = u.id
          and ub.branch_id = ${branchId})
      order by b.balance asc, u.id`,
  );
  return rows.map((r) => r.id);
}

/** Of `ids`, the students the sender may write to: in his branches, or (a teacher) in his current groups. */
async function reachableStudents(tx: Tx, actor: Actor, ids: readonly number[], teacherOnly: boolean) {
  if (!ids.length) return [];
  const branches = branchFilterOf(actor);
  const rows = await selectRows<{ id: number }>(
    tx,
    teacherOnly
      ? sql`select distinct gs.student_id::int as id from group_students gs
          join groups g on g.company_id = gs.company_id and g.id = gs.group_id and g.teacher_id = ${actor.id}
          where gs.company_id = ${actor.companyId} and gs.student_id = any(${pgArray(ids)}::bigint[])
            and gs.left_date is null`
      : sql`select u.id::int as id from users u where u.company_id = ${actor.companyId}
          and u.id = any(${pgArray(ids)}::bigint[]) and 7 = any(u.roles)
          ${
            branches
              ? sql`and exists (select 1 from user_branches ub where ub.company_id = u.company_id and ub.user_id = u.id
                  and ub.branch_id = any(${pgArray(branches)}::bigint[]))`
              : sql``
          }`,
  );
  return rows.map((r) => r.id);
}

function checkText(text: string) {
  const unknown = unknownSmsVariables(text);
  if (unknown.length) throw new AppError(422, 'sms_unknown_variable', { variables: unknown });
}

const rendered = (recipients: readonly Recipient[], text: string): MessageToStore[] =>
  recipients.map((r) => ({ ...r, text: renderSmsText(text, r.values) }));

export async function previewSms(tx: Tx, actor: Actor, input: SmsSend, at: Date): Promise<SmsPreview> {
  checkText(input.text);
  const company = await companyFacts(tx, actor.companyId, at);
  const { recipients, skipped } = await resolveAudience(tx, actor, input, company);
  const messages = rendered(recipients, input.text);
  return {
    messages: messages.length,
    parts: messages.reduce((sum, m) => sum + analyzeSmsText(m.text).parts, 0),
    sample: messages.slice(0, SAMPLE_SIZE).map((m) => ({
      name: m.name,
      phone: m.phone,
      recipient: m.recipient,
      text: m.text,
      parts: analyzeSmsText(m.text).parts,
    })),
    skipped,
  };
}

/** The company's sender; saved credentials that cannot make a client are the company's to fix (422). */
export async function companySender(app: FastifyInstance, tx: Tx, companyId: number) {
  try {
    return senderFor(app, await smsAccountOf(tx, companyId));
  } catch (error) {
    if (error instanceof SmsCredentialsRejectedError) throw new AppError(422, 'sms_credentials_rejected');
    throw error;
  }
}

/** Stores a manual SMS to everyone of its audience; answers the ids to deliver once the transaction commits. */
export async function sendSms(app: FastifyInstance, tx: Tx, actor: Actor, input: SmsSend, at: Date) {
  checkText(input.text);
  const company = await companyFacts(tx, actor.companyId, at);
  const { recipients, skipped } = await resolveAudience(tx, actor, input, company);
  if (!recipients.length) throw new AppError(422, 'sms_no_recipients', { skipped });
  const sender = await companySender(app, tx, actor.companyId);
  const stored = await storeMessages(tx, rendered(recipients, input.text), {
    companyId: actor.companyId,
    actorId: actor.id,
    kind: 'manual',
    templateId: input.template_id ?? null,
    sender: sender.sender,
    provider: sender.name,
    at,
    overAllowance: 'refuse',
  });
  return { ids: stored.ids, answer: { messages: stored.ids.length, parts: stored.parts, skipped } };
}
