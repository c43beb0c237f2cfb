import { LEAD_COMMENT_MAX, LEAD_NAME_MAX, LEAD_SOURCE_NAME_MAX, type LeadImportRejection } from '@crm/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { courses, leadSources, leads } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { JOBS } from '../../platform/jobs/registry.js';
import { ImportReport, type RejectedRow } from '../../platform/spreadsheet-import.js';
import type { ChunkedImport } from '../jobs/import-job.js';
import { companyCountry } from '../users/service.js';
import { onBoard } from './board.js';
import { type LeadImportRow, parseLeadFile } from './lead-excel-read.js';
import { addIncomingLeads, type IncomingLead } from './lead-public-intake.js';

const TEXT_LIMITS = { name: LEAD_NAME_MAX, comment: LEAD_COMMENT_MAX, source: LEAD_SOURCE_NAME_MAX } as const;

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
  const rows = await tx
    .select({ id: leads.id, phone: leads.phone })
    .from(leads)
    .where(
      and(eq(leads.companyId, companyId), eq(leads.branchId, branchId), inArray(leads.phone, [...phones]), ...onBoard),
    )
    .orderBy(leads.id);
  for (const row of rows) if (!known.has(row.phone)) known.set(row.phone, row.id);
  return known;
}

interface LeadCandidate {
  row: LeadImportRow;
  name: string;
  phone: string;
}

/** Each row's own checks (name, phone by the company country's digit count, lengths) and a phone twice in the file. */
async function checkRows(tx: Tx, actor: Actor, _branchId: number, rows: LeadImportRow[], startedAt: number) {
  const report = new ImportReport<LeadImportRejection>(await companyCountry(tx, actor.companyId), startedAt);
  const candidates: LeadCandidate[] = [];
  for (const row of rows) {
    const checked = report.checkContact(row, TEXT_LIMITS);
    if (checked !== null && report.firstInFile(row, checked.phone)) candidates.push({ row, ...checked });
  }
  return { report, candidates };
}

/**
 * One chunk: a phone that is already a live lead of the branch is skipped (`lead_exists`); the others become
 * leads on top of "incoming", in the file's order, with their course by name and their source (made when new).
 */
async function writeLeads(tx: Tx, actor: Actor, branchId: number, chunk: LeadCandidate[]) {
  const live = await liveLeadsByPhone(
    tx,
    actor.companyId,
    branchId,
    chunk.map((c) => c.phone),
  );
  const rejected: RejectedRow<LeadImportRejection>[] = [];
  const accepted = chunk.filter(({ row, phone }) => {
    const existing = live.get(phone);
    if (existing !== undefined)
      rejected.push({
        row: row.row,
        reason: 'lead_exists',
        name: row.values.name ?? null,
        phone,
        existing_id: existing,
      });
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
  return { rejected, added: accepted.map(({ row, name, phone }) => ({ row: row.row, name, phone })) };
}

/**
 * POST /leads/import?branch_id (spec §2 leads "import/export"), as a job (modules/jobs/import-job.ts): each row
 * is checked; a phone already live on the branch's board is skipped, so importing a file again adds nothing
 * twice. The chunks are written last first: each lands on top of the column, so the file's first row ends
 * topmost, as one transaction would have placed them.
 */
export const leadsImport: ChunkedImport<LeadImportRow, LeadCandidate, LeadImportRejection> = {
  job: JOBS.importLeads,
  access: 'leads',
  tags: ['leads'],
  parse: parseLeadFile,
  authorize: assertBranch,
  check: checkRows,
  write: writeLeads,
  lastChunkFirst: true,
  listsAdded: true,
  history: { event: 'leadsImported', entity: 'lead' },
  fills: ['leads', 'lead_sources'],
};
