import { HistoryEvent, type HistoryEventName, type LeadIncrement, Role, TagType } from '@crm/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loginAs } from '../../../test/helpers.js';
import type { Db } from '../../db/client.js';
import { historyEvents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCourse, createTag } from '../../seed/courses-factories.js';
import { createLeadSourceRow } from '../../seed/leads-factories.js';
import { createStaff } from '../../seed/users-factories.js';
import { createLeadsWorld } from './leads-test-world.js';

/**
 * The leads world of board.test.ts plus what the leads API points at: a course, lead and student
 * tags, a source, an admin of the North branch only; and readers of the board's records and history.
 */
export async function createLeadsApiWorld(app: FastifyInstance, db: Db) {
  const w = await createLeadsWorld(app, db);
  const companyId = w.company.id;
  const course = await createCourse(db, companyId, { name: 'English' });
  const leadTag = await createTag(db, companyId, 'Hot', TagType.lead, '#ff4d4f');
  const otherLeadTag = await createTag(db, companyId, 'Evening', TagType.lead);
  const studentTag = await createTag(db, companyId, 'VIP', TagType.student);
  const source = await createLeadSourceRow(db, companyId, 'Instagram');
  await createStaff(db, companyId, {
    name: 'North Admin',
    phone: '900000099',
    branchIds: [w.north],
    roles: [Role.admin],
  });
  const tokens = { ...w.tokens, northAdmin: await loginAs(app, w.sub, '900000099') };

  /** The branch's board time now: records after it are what a test's requests wrote. */
  const boardTime = async (branch = w.main) =>
    (await w.api(w.tokens.admin, 'GET', `/leads/?branch_id=${branch}`)).body.time as number;
  /** The board records after `from`, as [action, uuid, location column]. */
  const recordsAfter = async (from: number, branch = w.main) => {
    const res = await w.api(w.tokens.admin, 'GET', `/lead-increment/updates?branch_id=${branch}&from=${from}`);
    return res.body.updates as LeadIncrement[];
  };
  /** History events of one type about one entity, oldest first. */
  const historyOf = (event: HistoryEventName, entityId: number) =>
    inCompany(db, companyId, (tx) =>
      tx
        .select()
        .from(historyEvents)
        .where(and(eq(historyEvents.type, HistoryEvent[event]), eq(historyEvents.entityId, entityId)))
        .orderBy(asc(historyEvents.id)),
    );

  return { ...w, course, leadTag, otherLeadTag, studentTag, source, tokens, boardTime, recordsAfter, historyOf };
}

export type LeadsApiWorld = Awaited<ReturnType<typeof createLeadsApiWorld>>;
