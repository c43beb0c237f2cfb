import { createForeignGroup } from '../foreign-group.js';
import type { ForeignRows } from '../helpers.js';

/** The other company's group and a room name of it: its meeting room reads as absent (404). */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const { group } = await createForeignGroup(db, foreign, {
    course: 'Foreign meetings',
    code: 'FMT',
    teacher: 'Foreign Host',
    student: 'Foreign Guest',
    phones: ['976500001', '976500002'],
  });
  const room = `c${foreign.id}-g${group}-d20261118-abcdefabcdef`;
  return {
    '/api/v1/group/:id/meeting': { params: { id: group } },
    '/api/v1/meeting/:room': { params: { room } },
    '/api/v1/meeting/:room/join': { params: { room } },
  };
};
