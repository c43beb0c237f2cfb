import {
  HistoryEvent,
  type LeadFormInfo,
  PUBLIC_LEAD_RATE_PER_MINUTE,
  publicLeadSchema,
  WEBSITE_LEAD_SOURCE,
} from '@crm/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, selectRows, type Tx } from '../../db/client.js';
import { branches, courses, leadSources } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { inCompany } from '../../platform/tenancy.js';
import { findCompanyBySubdomain } from '../company/service.js';
import { checkPhone } from '../users/service.js';
import { findLiveSection } from './board-sections.js';
import { findCourseId } from './lead-input.js';
import { addIncomingLeads, type LeadPlace } from './lead-public-intake.js';
import { specLeadSchema } from './lead-write.js';

/** The lead source every lead of the public form carries (found, or made the first time; contracts). */
export const WEBSITE_SOURCE = WEBSITE_LEAD_SOURCE;
const RATE_WINDOW_SECONDS = 60;

/** The company of the request's subdomain: unknown → 404 (the web shows /error), disabled → 403. */
async function hostCompany(db: Db, subdomain: string | null) {
  const company = subdomain ? await findCompanyBySubdomain(db, subdomain) : undefined;
  if (!company) throw new AppError(404, 'company_not_found');
  if (company.disabled) throw new AppError(403, 'company_disabled');
  const { disabled: _disabled, ...shared } = company;
  return shared;
}

/** Spec §2 /entry/lead: the company's name, logo and country, its courses (not their levels) and branches. */
export async function leadFormInfo(db: Db, subdomain: string | null): Promise<LeadFormInfo> {
  const company = await hostCompany(db, subdomain);
  return inCompany(db, company.id, async (tx) => ({
    company,
    courses: await tx
      .select({ id: courses.id, name: courses.name })
      .from(courses)
      .where(and(eq(courses.companyId, company.id), isNull(courses.parentId)))
      .orderBy(asc(courses.name), asc(courses.id)),
    branches: await tx
      .select({ id: branches.id, name: branches.name })
      .from(branches)
      .where(and(eq(branches.companyId, company.id), isNull(branches.archivedAt)))
      .orderBy(asc(branches.id)),
  }));
}

/**
 * The form's fields as spec §7 POST /leads/lead names them (query or body): the public form's, and `course`
 * (an id or a course's name) and `section` (of the chosen branch's board) as the signed-in call takes them.
 */
export const entryLeadSchema = publicLeadSchema.extend({
  course: specLeadSchema.shape.course,
  section: specLeadSchema.shape.section,
});
export type EntryLead = z.infer<typeof entryLeadSchema>;

/**
 * POST /public/lead and, without a token, POST /leads/lead (spec §7, the /entry form's call): a visitor of
 * the company's site asks to be called. The lead lands on top of "incoming" (or of the section named) of the
 * chosen branch (else the company's first) with the source "Website form". A filled honeypot (`website`) is
 * answered like a success and stores nothing.
 */
export async function submitPublicLead(
  db: Db,
  subdomain: string | null,
  input: EntryLead,
  ip: string,
): Promise<{ stored: boolean }> {
  const company = await hostCompany(db, subdomain);
  if (input.website?.trim()) return { stored: false };
  const phone = checkPhone(input.phone, company.country);
  return inCompany(db, company.id, async (tx) => {
    await refuseWhenTooFrequent(tx, company.id, ip);
    await addVisitorLead(tx, company.id, {
      branchId: input.branch_id ?? null,
      courseId: await courseOf(tx, company.id, input.course_id ?? input.course ?? null),
      sectionId: input.section ?? null,
      sourceId: null,
      name: input.name,
      phone,
      comment: input.comment || null,
      origin: { via: 'public_form', ip },
    });
    return { stored: true };
  });
}

/** A lead a visitor left on a public page (the lead form of /entry/lead, or a form of the form builder). */
export interface VisitorLead {
  /** The branch asked for; a closed or foreign one falls back to the company's first. */
  branchId: number | null;
  courseId: number | null;
  /** A live section of the branch's board; none (or one deleted since): "incoming". */
  sectionId: number | null;
  /** null: the "Website form" source. */
  sourceId: number | null;
  name: string;
  /** National digits, already checked. */
  phone: string;
  comment: string | null;
  /** Kept in the leadAdded event: how it came (`via`), from which address, and which form. */
  origin: { via: 'public_form' | 'lead_form'; ip: string; form_id?: number };
}

/**
 * Puts a visitor's lead on top of its place on the board (live on every open board) and records it with no
 * actor: nobody of the staff added it. Answers the lead's id. The forms module calls this for lead forms, so
 * the leads module stays the only writer of leads.
 */
export async function addVisitorLead(tx: Tx, companyId: number, lead: VisitorLead): Promise<number> {
  const branchId = await branchOf(tx, companyId, lead.branchId);
  const place = await placeOf(tx, companyId, branchId, lead.sectionId);
  const sourceId = lead.sourceId ?? (await websiteSource(tx, companyId));
  const [made] = await addIncomingLeads(
    tx,
    companyId,
    branchId,
    [{ name: lead.name, phone: lead.phone, comment: lead.comment, courseId: lead.courseId, sourceId }],
    null,
    place,
  );
  if (!made) throw new Error('public lead insert returned no row');
  await recordHistory(
    tx,
    { id: null, companyId },
    {
      event: 'leadAdded',
      entity: 'lead',
      entityId: made.id,
      branchId,
      data: { ...lead.origin, name: lead.name, phone: lead.phone },
    },
  );
  return made.id;
}

/**
 * At most PUBLIC_LEAD_RATE_PER_MINUTE leads per IP address and company a minute. The count lives in
 * the database, not in a process's memory, so several servers behind a balancer share it: the IP is
 * kept in each leadAdded event of the form, and the events of the last minute are counted (the
 * history's (company_id, created_at) index narrows the scan to one minute of the company's events).
 * A transaction-level advisory lock per company and IP makes concurrent submissions of one address
 * take turns, so a burst cannot all pass the count before any of them is written.
 */
async function refuseWhenTooFrequent(tx: Tx, companyId: number, ip: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`public-lead:${companyId}:${ip}`}, 0))`);
  const [recent] = await selectRows<{ n: number; oldest: string | null }>(
    tx,
    sql`select count(*)::int as n, min(created_at)::text as oldest from history_events
        where company_id = ${companyId} and type = ${HistoryEvent.leadAdded} and entity = 'lead'
          and created_at > now() - make_interval(secs => ${RATE_WINDOW_SECONDS})
          and data->>'via' = 'public_form' and data->>'ip' = ${ip}`,
  );
  if (!recent || recent.n < PUBLIC_LEAD_RATE_PER_MINUTE) return;
  const oldest = recent.oldest ? new Date(recent.oldest).getTime() : Date.now();
  const retryAfter = Math.max(1, Math.ceil((oldest + RATE_WINDOW_SECONDS * 1000 - Date.now()) / 1000));
  throw new AppError(429, 'too_many_requests', { retry_after_seconds: retryAfter });
}

/** The given branch when it is the company's (a stale form may name a closed one), else its first. */
async function branchOf(tx: Tx, companyId: number, wanted: number | null): Promise<number> {
  const rows = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.companyId, companyId), isNull(branches.archivedAt)))
    .orderBy(asc(branches.id));
  const chosen = rows.find((b) => b.id === wanted) ?? rows[0];
  if (!chosen) throw new AppError(404, 'company_not_found');
  return chosen.id;
}

/** A course of the company (by id or name), or none: a visitor's lead is never refused over a course deleted since. */
async function courseOf(tx: Tx, companyId: number, wanted: number | string | null): Promise<number | null> {
  if (wanted === null || wanted === '') return null;
  return (await findCourseId(tx, companyId, String(wanted))) ?? null;
}

/** A live section of the branch's board, or "incoming" when the form names none or one since deleted. */
async function placeOf(tx: Tx, companyId: number, branchId: number, sectionId: number | null): Promise<LeadPlace> {
  const section = sectionId === null ? null : await findLiveSection(tx, companyId, branchId, sectionId);
  return section ? { column: section.column, sectionId } : { column: 'incoming', sectionId: null };
}

/** The "Website form" source; two first submissions at once both end with the one row (unique name). */
async function websiteSource(tx: Tx, companyId: number): Promise<number> {
  const byName = and(eq(leadSources.companyId, companyId), sql`lower(${leadSources.name}) = lower(${WEBSITE_SOURCE})`);
  const [found] = await tx.select({ id: leadSources.id }).from(leadSources).where(byName);
  if (found) return found.id;
  await tx.insert(leadSources).values({ companyId, name: WEBSITE_SOURCE }).onConflictDoNothing();
  const [made] = await tx.select({ id: leadSources.id }).from(leadSources).where(byName);
  if (!made) throw new Error('lead source insert returned no row');
  return made.id;
}
