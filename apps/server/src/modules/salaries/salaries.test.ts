import { HistoryEvent } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { historyEvents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createSalariesWorld, noonOf, type SalariesWorld } from './salaries-test-world.js';

/** Calculating, publishing and reading salaries through the API, with every refusal. */
const { app, database } = await openTestApp(undefined, { clock: () => noonOf('2025-04-02') });
const db = database.db;

/** A world where the teacher earns 50 000 for one student and the substitute 0 (no lessons). */
async function oneStudentWorld() {
  const w = await createSalariesWorld(app, db);
  await w.setting({ type: 'fixed', base: 'per_student_month', amount: 50_000 });
  await w.addStudent();
  return w;
}

const publish = (w: SalariesWorld, id: number, key?: string, token = w.tokens.owner) =>
  w.api(token, 'POST', `/salaries/${id}/publish`, { method: 'cash' }, key ? { 'idempotency-key': key } : {});

describe('publishing a salary', () => {
  it('books exactly one ledger entry of kind salary, once, whatever is repeated', async () => {
    const w = await oneStudentWorld();
    const draft = (await w.calculate()).get(w.teacherId)!;
    const first = await publish(w, draft.id, 'publish-1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'published', amount: 50_000, published_by: { name: 'Bobur Karimov' } });
    const [entry, ...more] = await w.salaryEntries();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      id: first.body.entry_id,
      amount: -50_000,
      branchId: w.main,
      studentId: null,
      entryDate: '2025-04-02',
      method: 'cash',
      cause: 'salary',
      causeId: draft.id,
      naturalKey: `salary:${w.teacherId}:2025-03:${w.main}`,
    });

    // The same key again: the first answer, nothing booked.
    const repeat = await publish(w, draft.id, 'publish-1');
    expect(repeat.status).toBe(200);
    expect(repeat.body.entry_id).toBe(first.body.entry_id);
    // Another click without the key: refused, nothing booked.
    const second = await publish(w, draft.id, 'publish-2');
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('salary_already_published');
    expect(await w.salaryEntries()).toHaveLength(1);

    const events = await inCompany(db, w.companyId, (tx) =>
      tx
        .select()
        .from(historyEvents)
        .where(and(eq(historyEvents.companyId, w.companyId), eq(historyEvents.entity, 'salary'))),
    );
    const published = events.filter((e) => e.type === HistoryEvent.salaryPublished);
    expect(published.map((e) => (e.data as { action: string }).action)).toEqual(['published']);
    expect(events.filter((e) => e.type === HistoryEvent.salaryCalculated).length).toBeGreaterThan(0);
  });

  it('keeps a published month: recalculating the teacher is refused, the branch leaves it as it is', async () => {
    const w = await oneStudentWorld();
    const draft = (await w.calculate()).get(w.teacherId)!;
    await publish(w, draft.id);
    await w.addStudent();
    const again = await w.api(w.tokens.owner, 'POST', '/salaries/calculate', {
      month: '2025-03',
      branch_id: w.main,
      teacher_id: w.teacherId,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('salary_already_published');
    const branch = await w.api(w.tokens.owner, 'POST', '/salaries/calculate', { month: '2025-03', branch_id: w.main });
    expect(branch.body.published_kept).toBe(1);
    expect(branch.body.data[0]).toMatchObject({ status: 'published', amount: 50_000 });
  });

  it('refuses a draft whose inputs changed since it was calculated, until it is recalculated', async () => {
    const w = await oneStudentWorld();
    const draft = (await w.calculate()).get(w.teacherId)!;
    await w.addStudent('2025-03-17');
    const stale = await publish(w, draft.id);
    expect(stale.status).toBe(422);
    expect(stale.body.error).toMatchObject({ code: 'salary_publish_failed', details: { reason: 'stale' } });
    expect(await w.salaryEntries()).toEqual([]);

    const fresh = (await w.calculate()).get(w.teacherId)!;
    expect(fresh).toMatchObject({ id: draft.id, amount: 75_000 });
    expect((await publish(w, draft.id)).body.amount).toBe(75_000);
  });

  it('refuses a salary that pays nothing', async () => {
    const w = await createSalariesWorld(app, db);
    await w.addStudent();
    const draft = (await w.calculate()).get(w.teacherId)!;
    const res = await publish(w, draft.id);
    expect(res.status).toBe(422);
    expect(res.body.error.details.reason).toBe('nothing_to_pay');
  });

  it('is taken back by a reversal with a reason, and published again under the next key', async () => {
    const w = await oneStudentWorld();
    const draft = (await w.calculate()).get(w.teacherId)!;
    const published = await publish(w, draft.id);
    const noReason = await w.api(w.tokens.owner, 'POST', `/salaries/${draft.id}/unpublish`, {});
    expect(noReason.status).toBe(400);
    const undone = await w.api(w.tokens.owner, 'POST', `/salaries/${draft.id}/unpublish`, { reason: 'Wrong month' });
    expect(undone.body).toMatchObject({ status: 'draft', entry_id: null });
    const [booked, reversal] = await w.salaryEntries();
    expect(reversal).toMatchObject({ amount: 50_000, reversesId: published.body.entry_id, reason: 'Wrong month' });
    expect(booked?.amount).toBe(-50_000);

    expect((await publish(w, draft.id)).status).toBe(200);
    expect((await w.salaryEntries()).map((e) => e.naturalKey)).toContain(`salary:${w.teacherId}:2025-03:${w.main}~2`);
  });
});

describe('who sees and does what', () => {
  let w: SalariesWorld;
  let own: number;
  let others: number;
  beforeAll(async () => {
    w = await oneStudentWorld();
    await w.substitute('2025-03-12');
    const salaries = await w.calculate();
    own = salaries.get(w.teacherId)!.id;
    others = salaries.get(w.substituteId)!.id;
  });

  it("shows a teacher his own published months only, and refuses another teacher's", async () => {
    expect((await w.api(w.tokens.teacher, 'GET', '/salaries')).body.data).toEqual([]);
    expect((await w.api(w.tokens.teacher, 'GET', `/salaries/${own}`)).status).toBe(403); // still a draft
    await publish(w, own);
    await publish(w, others);
    const mine = await w.api(w.tokens.teacher, 'GET', '/salaries');
    expect(mine.body).toMatchObject({ total: 45_833, can_manage: false });
    expect(mine.body.data.map((s: { id: number }) => s.id)).toEqual([own]);
    const detail = await w.api(w.tokens.teacher, 'GET', `/salaries/${own}`);
    expect(detail.body.lines).toHaveLength(1);
    expect((await w.api(w.tokens.teacher, 'GET', `/salaries/${others}`)).status).toBe(403);
    expect((await w.api(w.tokens.teacher, 'GET', `/salaries?teacher_id=${w.substituteId}`)).status).toBe(403);
    expect(
      (await w.api(w.tokens.teacher, 'POST', '/salaries/calculate', { month: '2025-03', branch_id: w.main })).status,
    ).toBe(403);
  });

  it('lets the cashier read the branch but not calculate or publish', async () => {
    const list = await w.api(w.tokens.cashier, 'GET', `/salaries?branch_id=${w.main}&month=2025-03`);
    expect(list.body).toMatchObject({ can_manage: false, pagination: { total: 2 } });
    expect((await w.api(w.tokens.cashier, 'GET', `/salaries/${others}`)).status).toBe(200);
    const calc = await w.api(w.tokens.cashier, 'POST', '/salaries/calculate', { month: '2025-03', branch_id: w.main });
    expect(calc.status).toBe(403);
    expect((await w.api(w.tokens.cashier, 'POST', `/salaries/${own}/unpublish`, { reason: 'x' })).status).toBe(403);
  });

  it('lets an administrator manage, and keeps another branch out', async () => {
    const list = await w.api(w.tokens.admin, 'GET', `/salaries?branch_id=${w.main}&status=published`);
    expect(list.body).toMatchObject({ can_manage: true, total: 50_000 });
    const outsider = w.tokens.secondDirector;
    expect((await w.api(outsider, 'GET', `/salaries/${own}`)).status).toBe(404);
    const branch = await w.api(outsider, 'GET', `/salaries?branch_id=${w.main}`);
    expect(branch.body.error.code).toBe('branch_forbidden');
    expect((await w.api(outsider, 'POST', '/salaries/calculate', { month: '2025-03', branch_id: w.main })).status).toBe(
      403,
    );
    expect((await w.api(w.tokens.marketer, 'GET', '/salaries')).status).toBe(403);
  });

  it("answers 404 for another company's salary", async () => {
    const other = await createSalariesWorld(app, db, 'other');
    expect((await other.api(other.tokens.owner, 'GET', `/salaries/${own}`)).status).toBe(404);
    expect((await publish(other, others)).status).toBe(404);
    const list = await other.api(other.tokens.owner, 'GET', `/salaries?branch_id=${w.main}`);
    expect(list.status).toBe(403);
  });

  it('refuses bad input with the field named', async () => {
    const bad = await w.api(w.tokens.owner, 'POST', '/salaries/calculate', { month: '2025-13', branch_id: w.main });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([expect.objectContaining({ field: 'month' })]);
    const staffWithoutBranch = await w.api(w.tokens.owner, 'GET', '/salaries');
    expect(staffWithoutBranch.body.error.details[0]).toMatchObject({ field: 'branch_id', rule: 'required' });
    const method = await w.api(w.tokens.owner, 'POST', `/salaries/${own}/publish`, { method: 'gold' });
    expect(method.status).toBe(400);
  });
});
