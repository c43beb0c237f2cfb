import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { createGroupsWorld, type GroupsWorld } from './groups-test-world.js';

const { app, database } = await openTestApp();
let w: GroupsWorld;
let groupId: number;

beforeAll(async () => {
  w = await createGroupsWorld(app, database.db);
  groupId = (await w.createGroup()).id;
});

/**
 * The cashier's finance pages (debtors, withdrawals) filter by group: GET /group must answer him,
 * though the group list page itself (spec §6 "group list") is not his.
 */
describe('who may list the groups', () => {
  it("answers the cashier his branch's groups", async () => {
    const cashier = await loginAs(app, w.sub, '900000004');
    const res = await w.api(cashier, 'GET', `/group?branch_id=${w.main}&per_page=500`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((group: { id: number }) => group.id)).toContain(groupId);
  });

  it('still refuses the student and the marketer', async () => {
    const marketer = await loginAs(app, w.sub, '900000005');
    for (const token of [w.tokens.student, marketer]) {
      const res = await w.api(token, 'GET', `/group?branch_id=${w.main}`);
      expect(res.status).toBe(403);
    }
  });
});
