import { StudentStatus } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createGroupsWorld, type GroupsWorld } from '../groups/groups-test-world.js';

const { app, database } = await openTestApp();
let w: GroupsWorld;

beforeAll(async () => {
  // A plan for one active student.
  w = await createGroupsWorld(app, database.db, { tariff_student_limit: 1 });
});

const activate = (group: number, student: number) =>
  w.api(w.tokens.admin, 'PUT', `/group/${group}/student/${student}/${StudentStatus.active}`);

describe('the tariff limit (spec §8)', () => {
  it('refuses to activate a student beyond the plan, with the spec message, but lets an active one join another group', async () => {
    const first = await w.createGroup({ start_time: '07:00', end_time: '08:00' });
    const second = await w.createGroup({ start_time: '08:00', end_time: '09:00' });
    const [a, b] = w.students as [number, number];
    for (const [group, student] of [
      [first.id, a],
      [first.id, b],
      [second.id, a],
    ] as const) {
      expect((await w.api(w.tokens.admin, 'POST', `/group/${group}/students/${student}`, {})).status).toBe(200);
    }
    expect((await activate(first.id, a)).status).toBe(200);

    const refused = await activate(first.id, b);
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({
      code: 'tariff_limit',
      message: 'More students are activated than your plan allows; contact support.',
    });
    // Already counted: the same student active in a second group takes no new place.
    expect((await activate(second.id, a)).status).toBe(200);
  });
});
