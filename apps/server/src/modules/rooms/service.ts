import { paginate, type Room, type RoomCreate, type RoomInput } from '@crm/contracts';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { rooms } from '../../db/schema/index.js';
import { type Actor, assertBranch, branchFilterOf } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';

const roomColumns = { id: rooms.id, name: rooms.name, capacity: rooms.capacity, branch_id: rooms.branchId };

/** The rooms the caller may see: his company, and his branches unless he sees all. */
function visibleRooms(actor: Actor, branchId?: number): SQL {
  const filters: SQL[] = [eq(rooms.companyId, actor.companyId)];
  if (branchId !== undefined) {
    assertBranch(actor, branchId);
    filters.push(eq(rooms.branchId, branchId));
  } else {
    const scope = branchFilterOf(actor);
    if (scope) filters.push(inArray(rooms.branchId, scope.length ? scope : [-1]));
  }
  return and(...filters) as SQL;
}

export async function listRooms(tx: Tx, actor: Actor, query: { branch_id?: number; page: number; per_page: number }) {
  const where = visibleRooms(actor, query.branch_id);
  const [total] = await tx.select({ n: count() }).from(rooms).where(where);
  const data = await tx
    .select(roomColumns)
    .from(rooms)
    .where(where)
    .orderBy(asc(rooms.name), asc(rooms.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return { data, pagination: paginate(total?.n ?? 0, query.page, query.per_page, data.length) };
}

export async function createRoom(tx: Tx, actor: Actor, input: RoomCreate): Promise<Room> {
  assertBranch(actor, input.branch_id);
  const [room] = await tx
    .insert(rooms)
    .values({ companyId: actor.companyId, branchId: input.branch_id, name: input.name, capacity: input.capacity })
    .returning(roomColumns);
  if (!room) throw new Error('insert returned no row');
  await recordHistory(tx, actor, {
    event: 'roomCreated',
    entity: 'room',
    entityId: room.id,
    branchId: room.branch_id,
    data: { name: room.name, capacity: room.capacity },
  });
  return room;
}

async function findVisibleRoom(tx: Tx, actor: Actor, id: number): Promise<Room> {
  const [room] = await tx
    .select(roomColumns)
    .from(rooms)
    .where(and(visibleRooms(actor), eq(rooms.id, id)))
    .for('update');
  // Another company's room and a room of a branch the caller does not work in look the same: absent.
  if (!room) throw notFound();
  return room;
}

export async function updateRoom(tx: Tx, actor: Actor, id: number, input: RoomInput): Promise<Room> {
  const before = await findVisibleRoom(tx, actor, id);
  const [room] = await tx
    .update(rooms)
    .set({ name: input.name, capacity: input.capacity, updatedAt: new Date() })
    .where(and(eq(rooms.companyId, actor.companyId), eq(rooms.id, id)))
    .returning(roomColumns);
  if (!room) throw notFound();
  await recordHistory(tx, actor, {
    event: 'roomEdited',
    entity: 'room',
    entityId: id,
    branchId: room.branch_id,
    data: {
      before: { name: before.name, capacity: before.capacity },
      after: { name: room.name, capacity: room.capacity },
    },
  });
  return room;
}

export async function deleteRoom(tx: Tx, actor: Actor, id: number): Promise<void> {
  const room = await findVisibleRoom(tx, actor, id);
  await tx.delete(rooms).where(and(eq(rooms.companyId, actor.companyId), eq(rooms.id, id)));
  await recordHistory(tx, actor, {
    event: 'roomDeleted',
    entity: 'room',
    entityId: id,
    branchId: room.branch_id,
    data: { name: room.name, capacity: room.capacity },
  });
}
