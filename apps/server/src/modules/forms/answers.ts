import {
  type FieldSummary,
  type FormAnswerRow,
  type FormAnswers,
  type FormField,
  type FormReport,
  groupTitle,
  npsOf,
  paginate,
  SHOWN_ONLY_TYPES,
} from '@crm/contracts';
import { count, desc, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { formAnswers, groups, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { type AnswersFilter, answerConditions } from './answer-filters.js';
import { findForm } from './form-rows.js';

/** The report reads at most this many answers (newest first); a form with more is summarised over these. */
export const REPORT_ANSWERS_LIMIT = 50_000;
const LATEST_SHOWN = 5;

type AnswerRow = typeof formAnswers.$inferSelect;

/** Names of the students, teachers and groups the answers are about (row-level security keeps to the company). */
async function namesOf(tx: Tx, rows: readonly AnswerRow[]) {
  const userIds = [...new Set(rows.flatMap((r) => [r.studentId, r.teacherId]).filter((id) => id !== null))];
  const groupIds = [...new Set(rows.map((r) => r.groupId).filter((id) => id !== null))];
  const people = userIds.length
    ? await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))
    : [];
  const titles = groupIds.length
    ? await tx
        .select({ id: groups.id, name: groups.name, code: groups.code })
        .from(groups)
        .where(inArray(groups.id, groupIds))
    : [];
  return {
    people: new Map(people.map((p) => [p.id, p.name])),
    groups: new Map(titles.map((g) => [g.id, groupTitle(g)])),
  };
}

export async function listAnswers(
  tx: Tx,
  actor: Actor,
  formId: number,
  q: AnswersFilter & { page: number; per_page: number },
): Promise<FormAnswers> {
  await findForm(tx, actor.companyId, formId);
  const where = await answerConditions(tx, actor, formId, q);
  const [total] = await tx.select({ n: count() }).from(formAnswers).where(where);
  const rows = await tx
    .select()
    .from(formAnswers)
    .where(where)
    .orderBy(desc(formAnswers.createdAt), desc(formAnswers.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const names = await namesOf(tx, rows);
  return {
    data: rows.map((row) => toAnswerRow(row, names)),
    pagination: paginate(total?.n ?? 0, q.page, q.per_page, rows.length),
  };
}

function toAnswerRow(row: AnswerRow, names: Awaited<ReturnType<typeof namesOf>>): FormAnswerRow {
  const person = (id: number | null) => (id === null ? null : { id, name: names.people.get(id) ?? '' });
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    values: row.values as FormAnswerRow['values'],
    source: Object.fromEntries(
      Object.entries((row.source ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    ),
    student: person(row.studentId),
    teacher: person(row.teacherId),
    group: row.groupId === null ? null : { id: row.groupId, title: names.groups.get(row.groupId) ?? '' },
    lead_id: row.leadId,
  };
}

/** The filtered answers for the sheet (newest first), with the form's fields and the people's names. */
export async function answersForExport(tx: Tx, actor: Actor, formId: number, f: AnswersFilter) {
  const form = await findForm(tx, actor.companyId, formId);
  const rows = await tx
    .select()
    .from(formAnswers)
    .where(await answerConditions(tx, actor, formId, f))
    .orderBy(desc(formAnswers.createdAt), desc(formAnswers.id))
    .limit(REPORT_ANSWERS_LIMIT);
  const names = await namesOf(tx, rows);
  return { form, answers: rows.map((row) => toAnswerRow(row, names)) };
}

function summaryOf(field: FormField, values: readonly unknown[]): FieldSummary {
  const given = values.filter((v) => v !== undefined);
  const summary: FieldSummary = { key: field.key, answered: given.length, options: null, nps: null, latest: null };
  if (field.type === 'one_of_list' || field.type === 'dropdown' || field.type === 'several_of_list') {
    const counts = new Map(field.options.map((option) => [option, 0]));
    for (const value of given)
      for (const option of Array.isArray(value) ? value : [value])
        if (counts.has(String(option))) counts.set(String(option), (counts.get(String(option)) ?? 0) + 1);
    summary.options = [...counts].map(([option, n]) => ({ option, count: n }));
  } else if (field.type === 'nps') {
    const scores = given.map(Number).filter((n) => Number.isInteger(n) && n >= 0 && n <= 10);
    const spread = Array.from({ length: 11 }, (_, score) => scores.filter((s) => s === score).length);
    summary.nps = { ...npsOf(scores), spread };
  } else {
    summary.latest = given.slice(0, LATEST_SHOWN).map(String);
  }
  return summary;
}

/** NPS of one question per key (a teacher, a group), best first. */
function npsBy(rows: readonly AnswerRow[], npsKey: string, keyOf: (row: AnswerRow) => number | null) {
  const scores = new Map<number, number[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const score = (row.values as Record<string, unknown>)[npsKey];
    if (key === null || typeof score !== 'number') continue;
    scores.set(key, [...(scores.get(key) ?? []), score]);
  }
  return [...scores].map(([id, list]) => ({ id, nps: npsOf(list) }));
}

/** GET /form/{id}/report: a summary per question over the filtered answers; audits also per teacher and group. */
export async function formReport(tx: Tx, actor: Actor, formId: number, f: Partial<AnswersFilter>): Promise<FormReport> {
  const form = await findForm(tx, actor.companyId, formId);
  const rows = await tx
    .select()
    .from(formAnswers)
    .where(await answerConditions(tx, actor, formId, f))
    .orderBy(desc(formAnswers.createdAt))
    .limit(REPORT_ANSWERS_LIMIT);
  const fields = (form.fields as FormField[]).filter((field) => !SHOWN_ONLY_TYPES.includes(field.type));
  const valuesOf = (key: string) => rows.map((r) => (r.values as Record<string, unknown>)[key]);
  const firstNps = fields.find((field) => field.type === 'nps');
  const report: FormReport = {
    answers: rows.length,
    fields: fields.map((field) => summaryOf(field, valuesOf(field.key))),
    by_teacher: [],
    by_group: [],
  };
  if (form.kind !== 'audit' || !firstNps) return report;
  const names = await namesOf(tx, rows);
  const byScore = (a: { nps: { score: number | null } }, b: { nps: { score: number | null } }) =>
    (b.nps.score ?? -101) - (a.nps.score ?? -101);
  report.by_teacher = npsBy(rows, firstNps.key, (r) => r.teacherId)
    .map((t) => ({ ...t, name: names.people.get(t.id) ?? '' }))
    .sort(byScore);
  report.by_group = npsBy(rows, firstNps.key, (r) => r.groupId)
    .map((g) => ({ ...g, title: names.groups.get(g.id) ?? '' }))
    .sort(byScore);
  return report;
}
