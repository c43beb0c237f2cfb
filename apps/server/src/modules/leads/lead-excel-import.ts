import {
  LEAD_COMMENT_MAX,
  LEAD_NAME_MAX,
  LEAD_SOURCE_NAME_MAX,
  type LeadImportRejection,
  type LeadImportResult,
} from '@crm/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { courses, leadSources, leads } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { chunks, ImportReport } from '../../platform/spreadsheet-import.js';
import { companyCountry } from '../users/service.js';
import { onBoard } from './board.js';
import type { LeadImportRow } from './lead-excel-read.js';
import { addIncomingLeads, type IncomingLead } from './lead-public-intake.js';

const TEXT_LIMITS = { name: LEAD_NAME_MAX, comment: LEAD_COMMENT_MAX, source: LEAD_SOURCE_NAME_MAX } as const;
const LOOKUP_CHUNK = 5000;

const key = (name: string) => name.trim().toLowerCase();

/** The company's courses by lower-case name (levels too: a file may name one). */
async function coursesByName(tx: Tx, companyId: number) {
  const rows = await tx
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(eq(courses.companyId, companyId));
  const byName = new Map<string, number>();
  for (const row of rows) if (!byName.has(key(row.name))) byName.set(key(row.name), row.id);
  return byName;
}

/** The sources the file names, made where the company has none of that name yet. */
async function sourcesByName(tx: Tx, companyId: number, names: string[]) {
  const byName = new Map<string, number>();
  const wanted = new Map(names.map((name) => [key(name), name.trim()]));
  if (!wanted.size) return byName;
  const load = async () => {
    const rows = await tx
      .select({ id: leadSources.id, name: leadSources.name })
      .from(leadSources)
      .where(eq(leadSources.companyId, companyId));
    for (const row of rows) byName.set(key(row.name), row.id);
  };
  await load();
  const missing = [...wanted].filter(([k]) => !byName.has(k)).map(([, name]) => ({ companyId, name }));
  if (missing.length) {
    await tx.insert(leadSources).values(missing).onConflictDoNothing();
    await load();
  }
  return byName;
}

/** The branch's live leads (on the board: neither archived nor a student yet) by phone, the oldest first. */
async function liveLeadsByPhone(tx: Tx, companyId: number, branchId: number, phones: readonly string[]) {
  const known = new Map<string, number>();
  for (const part of chunks(phones, LOOKUP_CHUNK)) {
    const rows = await tx
      .select({ id: leads.id, phone: leads.phone })
      .from(leads)
      .where(and(eq(leads.companyId, companyId), eq(leads.branchId, branchId), inArray(leads.phone, part), ...onBoard))
      .orderBy(leads.id);
    for (const row of rows) if (!known.has(row.phone)) known.set(row.phone, row.id);
  }
  return known;
}

/**
 * POST /leads/import?branch_id (spec §2 leads "import/export"): each row is checked (name, phone by
 * the company country's digit count, lengths, a phone twice in the file); a phone that is already a
 * live lead of the branch is skipped (`lead_exists`), so importing a file again adds nothing twice.
 * The accepted rows become leads on top of the branch's "incoming", in the file's order, in this one
 * transaction. A course is matched by name (an unknown one is left empty); a source by name, made when new.
 */
export async function importLeads(
  tx: Tx,
  actor: Actor,
  branchId: number,
  rows: readonly LeadImportRow[],
  startedAt: number,
): Promise<LeadImportResult> {
  assertBranch(actor, branchId);
  const report = new ImportReport<LeadImportRejection>(await companyCountry(tx, actor.companyId), startedAt);
  const candidates: { row: LeadImportRow; name: string; phone: string }[] = [];
  for (const row of rows) {
    const checked = report.checkContact(row, TEXT_LIMITS);
    if (checked !== null && report.firstInFile(row, checked.phone)) candidates.push({ row, ...checked });
  }

  const live = await liveLeadsByPhone(
    tx,
    actor.companyId,
    branchId,
    candidates.map((c) => c.phone),
  );
  const accepted = candidates.filter(({ row, phone }) => {
    const existing = live.get(phone);
    if (existing !== undefined) report.reject(row, 'lead_exists', phone, existing);
    return existing === undefined;
  });

  const courseIds = await coursesByName(tx, actor.companyId);
  const sourceIds = await sourcesByName(
    tx,
    actor.companyId,
    accepted.flatMap(({ row }) => (row.values.source ? [row.values.source] : [])),
  );
  const leadsToAdd: IncomingLead[] = accepted.map(({ row, name, phone }) => ({
    name,
    phone,
    comment: row.values.comment ?? null,
    courseId: row.values.course ? (courseIds.get(key(row.values.course)) ?? null) : null,
    sourceId: row.values.source ? (sourceIds.get(key(row.values.source)) ?? null) : null,
  }));
  await addIncomingLeads(tx, actor.companyId, branchId, leadsToAdd, actor.id);

  const answer = await report.finish(
    tx,
    actor,
    { event: 'leadsImported', entity: 'lead', branchId },
    { total: rows.length, imported: accepted.length },
  );
  return { ...answer, added: accepted.map(({ row, name, phone }) => ({ row: row.row, name, phone })) };
}
