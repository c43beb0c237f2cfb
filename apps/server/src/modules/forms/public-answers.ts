import {
  type AnswerValues,
  type CompanySharedInfo,
  type FormField,
  type FormKind,
  formAnswerSchema,
  groupTitle,
  PUBLIC_FORM_RATE_PER_MINUTE,
  type PublicAnswerInput,
  type PublicForm,
} from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { formAnswers, formAuditLinks, groups, users } from '../../db/schema/index.js';
import { AppError, FieldRefusal } from '../../platform/errors.js';
import { inCompany } from '../../platform/tenancy.js';
import { findCompanyBySubdomain, findCompanyPublic } from '../company/service.js';
import { addVisitorLead } from '../leads/lead-public.js';
import { type FormRow, findForm } from './form-rows.js';
import { leadOfAnswer } from './lead-answers.js';

type Company = Pick<CompanySharedInfo, 'id' | 'name' | 'logo' | 'country' | 'locale' | 'theme_color'>;
type Answer = Omit<PublicAnswerInput, 'values' | 'source'> & { values: Record<string, unknown>; source: object };

/** The company of the page's subdomain: unknown → 404 (the page says so), disabled → 403. */
async function hostCompany(db: Db, subdomain: string | null): Promise<Company> {
  const company = subdomain ? await findCompanyBySubdomain(db, subdomain) : undefined;
  if (!company) throw new AppError(404, 'company_not_found');
  if (company.disabled) throw new AppError(403, 'company_disabled');
  return company;
}

/** A form that takes answers now: published (a draft or a form taken off answers 409 form_closed). */
async function openForm(tx: Tx, companyId: number, id: number, kinds: readonly FormKind[]): Promise<FormRow> {
  const row = await findForm(tx, companyId, id);
  if (!kinds.includes(row.kind as FormKind)) throw new AppError(404, 'not_found');
  if (row.status !== 'published') throw new AppError(409, 'form_closed');
  return row;
}

function pageOf(company: Company, row: FormRow, audit: PublicForm['audit']): PublicForm {
  const { id: _id, ...look } = company;
  return {
    company: look,
    form: {
      id: row.id,
      kind: row.kind as FormKind,
      title: row.title,
      description: row.description,
      fields: row.fields as FormField[],
      success_text: row.successText,
      pixel_id: row.pixelId,
      image: row.image,
    },
    audit,
  };
}

/** The answer checked against the form's own fields; problems point at `values.{key}` with the contracts' codes. */
function checkedValues(row: FormRow, country: string, values: Record<string, unknown>): AnswerValues {
  const checked = formAnswerSchema(row.fields as FormField[], country).safeParse(values);
  if (checked.success) return checked.data;
  throw new FieldRefusal(
    checked.error.issues.map((issue) => {
      const limit = (issue as { params?: { limit?: unknown } }).params?.limit;
      return {
        field: ['values', ...issue.path].join('.'),
        rule: issue.message,
        sentence: issue.message === 'required' ? 'required' : issue.message === 'too_long' ? 'too_long' : undefined,
        ...(typeof limit === 'number' ? { limit } : {}),
      };
    }),
  );
}

/**
 * At most PUBLIC_FORM_RATE_PER_MINUTE answers a minute from one address to one company's forms, counted in
 * the database (so several servers share the count); an advisory lock per company and address makes a burst
 * take turns, so it cannot all pass the count before any of it is written.
 */
async function refuseWhenTooFrequent(tx: Tx, companyId: number, ip: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`form-answer:${companyId}:${ip}`}, 0))`);
  const [recent] = await tx
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${formAnswers.createdAt})::text` })
    .from(formAnswers)
    .where(
      and(
        eq(formAnswers.companyId, companyId),
        eq(formAnswers.ip, ip),
        sql`${formAnswers.createdAt} > now() - interval '1 minute'`,
      ),
    );
  if (!recent || recent.n < PUBLIC_FORM_RATE_PER_MINUTE) return;
  const oldest = recent.oldest ? new Date(recent.oldest).getTime() : Date.now();
  const retryAfter = Math.max(1, Math.ceil((oldest + 60_000 - Date.now()) / 1000));
  throw new AppError(429, 'too_many_requests', { retry_after_seconds: retryAfter });
}

/** GET /public/form/{id}: a published public or lead form of the subdomain's company. */
export async function publicForm(db: Db, subdomain: string | null, id: number): Promise<PublicForm> {
  const company = await hostCompany(db, subdomain);
  return inCompany(db, company.id, async (tx) => pageOf(company, await openForm(tx, company.id, id, PAGE_KINDS), null));
}

const PAGE_KINDS: readonly FormKind[] = ['form', 'lead'];

/**
 * POST /public/form/{id}: a visitor's answer, kept with its time, utm parameters and address. A filled
 * honeypot (`website`) is answered like a success and stores nothing. A lead form's answer also puts a lead
 * on the board (through the leads module).
 */
export async function answerPublicForm(
  db: Db,
  subdomain: string | null,
  id: number,
  input: Answer,
  ip: string,
): Promise<{ stored: boolean }> {
  const company = await hostCompany(db, subdomain);
  return inCompany(db, company.id, async (tx) => {
    const row = await openForm(tx, company.id, id, PAGE_KINDS);
    if (input.website?.trim()) return { stored: false };
    const values = checkedValues(row, company.country, input.values);
    await refuseWhenTooFrequent(tx, company.id, ip);
    let leadId: number | null = null;
    if (row.kind === 'lead') {
      const lead = leadOfAnswer(row.fields as FormField[], values);
      leadId = await addVisitorLead(tx, company.id, {
        branchId: row.branchId,
        courseId: null,
        sectionId: row.sectionId,
        sourceId: row.sourceId,
        ...lead,
        origin: { via: 'lead_form', ip, form_id: row.id },
      });
    }
    await tx
      .insert(formAnswers)
      .values({ companyId: company.id, formId: row.id, values, source: input.source, ip, leadId });
    return { stored: true };
  });
}

/** The company of an audit link (its id is in the address); on a company's subdomain it must be that one. */
async function auditCompany(db: Db, subdomain: string | null, companyId: number): Promise<Company> {
  const company = await findCompanyPublic(db, companyId).catch(() => null);
  if (!company || (subdomain !== null && company.subdomain !== subdomain)) throw new AppError(404, 'company_not_found');
  return company;
}

/** The personal link of a token, locked: two answers sent at once take turns, and the second finds it used. */
async function linkOf(tx: Tx, companyId: number, formId: number, token: string) {
  const [link] = await tx
    .select()
    .from(formAuditLinks)
    .where(
      and(eq(formAuditLinks.companyId, companyId), eq(formAuditLinks.formId, formId), eq(formAuditLinks.token, token)),
    )
    .for('update');
  if (!link) throw new AppError(404, 'audit_link_unknown');
  return link;
}

async function auditAbout(tx: Tx, companyId: number, link: typeof formAuditLinks.$inferSelect) {
  const nameOf = async (userId: number | null) => {
    if (userId === null) return null;
    const [user] = await tx
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    return user?.name ?? null;
  };
  const [group] = await tx
    .select({ name: groups.name, code: groups.code })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.id, link.groupId)));
  return {
    student_name: (await nameOf(link.studentId)) ?? '',
    group_title: group ? groupTitle(group) : '',
    teacher_name: await nameOf(link.teacherId),
  };
}

/** GET /public/audit/{form}/{company}?token=…: the form and whom the survey is about; a used link 409. */
export async function auditForm(db: Db, subdomain: string | null, formId: number, companyId: number, token: string) {
  const company = await auditCompany(db, subdomain, companyId);
  return inCompany(db, company.id, async (tx) => {
    const row = await openForm(tx, company.id, formId, ['audit']);
    const link = await linkOf(tx, company.id, formId, token);
    if (link.answerId !== null) throw new AppError(409, 'audit_link_used');
    return pageOf(company, row, await auditAbout(tx, company.id, link));
  });
}

/** POST /public/audit/{form}/{company}?token=…: the student's one answer, with his group and teacher. */
export async function answerAuditForm(
  db: Db,
  subdomain: string | null,
  formId: number,
  companyId: number,
  token: string,
  input: Answer,
  ip: string,
): Promise<{ stored: boolean }> {
  const company = await auditCompany(db, subdomain, companyId);
  return inCompany(db, company.id, async (tx) => {
    const row = await openForm(tx, company.id, formId, ['audit']);
    const link = await linkOf(tx, company.id, formId, token);
    if (link.answerId !== null) throw new AppError(409, 'audit_link_used');
    if (input.website?.trim()) return { stored: false };
    const values = checkedValues(row, company.country, input.values);
    const [answer] = await tx
      .insert(formAnswers)
      .values({
        companyId: company.id,
        formId,
        values,
        source: input.source,
        ip,
        studentId: link.studentId,
        groupId: link.groupId,
        teacherId: link.teacherId,
      })
      .returning({ id: formAnswers.id });
    await tx
      .update(formAuditLinks)
      .set({ answerId: answer?.id ?? null })
      .where(and(eq(formAuditLinks.companyId, company.id), eq(formAuditLinks.token, token)));
    return { stored: true };
  });
}
