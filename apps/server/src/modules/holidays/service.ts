import type { Holiday, HolidayInput, HolidayQuery } from '@crm/contracts';
import { and, asc, eq, gte, lte, ne, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { holidays } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';

const holidayColumns = { id: holidays.id, name: holidays.name, date: holidays.date };
const ofCompany = (actor: Actor, id: number) => and(eq(holidays.companyId, actor.companyId), eq(holidays.id, id));

/** GET /holiday: a year, or a period; by date. */
export async function listHolidays(tx: Tx, actor: Actor, query: HolidayQuery): Promise<Holiday[]> {
  const filters: SQL[] = [eq(holidays.companyId, actor.companyId)];
  const from = query.from ?? (query.year ? `${query.year}-01-01` : undefined);
  const to = query.to ?? (query.year ? `${query.year}-12-31` : undefined);
  if (from) filters.push(gte(holidays.date, from));
  if (to) filters.push(lte(holidays.date, to));
  return tx
    .select(holidayColumns)
    .from(holidays)
    .where(and(...filters))
    .orderBy(asc(holidays.date));
}

/** Spec §8 "Holiday already exists on that date": one holiday per day (the table's unique key is the last line). */
async function assertDateFree(tx: Tx, actor: Actor, date: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: holidays.id, name: holidays.name })
    .from(holidays)
    .where(
      and(
        eq(holidays.companyId, actor.companyId),
        eq(holidays.date, date),
        exceptId === undefined ? undefined : ne(holidays.id, exceptId),
      ),
    );
  if (taken) throw new AppError(409, 'holiday_exists', { field: 'date', date, holiday: taken });
}

export async function createHoliday(tx: Tx, actor: Actor, input: HolidayInput): Promise<Holiday> {
  await assertDateFree(tx, actor, input.date);
  const [holiday] = await tx
    .insert(holidays)
    .values({ companyId: actor.companyId, name: input.name, date: input.date })
    .returning(holidayColumns);
  if (!holiday) throw new Error('insert returned no row');
  await recordHistory(tx, actor, {
    event: 'holidayChanged',
    entity: 'holiday',
    entityId: holiday.id,
    data: { action: 'created', name: holiday.name, date: holiday.date },
  });
  return holiday;
}

async function findHoliday(tx: Tx, actor: Actor, id: number): Promise<Holiday> {
  const [holiday] = await tx.select(holidayColumns).from(holidays).where(ofCompany(actor, id)).for('update');
  if (!holiday) throw notFound();
  return holiday;
}

export async function updateHoliday(tx: Tx, actor: Actor, id: number, input: HolidayInput): Promise<Holiday> {
  const before = await findHoliday(tx, actor, id);
  await assertDateFree(tx, actor, input.date, id);
  const [holiday] = await tx
    .update(holidays)
    .set({ name: input.name, date: input.date })
    .where(ofCompany(actor, id))
    .returning(holidayColumns);
  if (!holiday) throw notFound();
  await recordHistory(tx, actor, {
    event: 'holidayChanged',
    entity: 'holiday',
    entityId: id,
    data: {
      action: 'updated',
      before: { name: before.name, date: before.date },
      after: { name: holiday.name, date: holiday.date },
    },
  });
  return holiday;
}

export async function deleteHoliday(tx: Tx, actor: Actor, id: number): Promise<void> {
  const holiday = await findHoliday(tx, actor, id);
  await tx.delete(holidays).where(ofCompany(actor, id));
  await recordHistory(tx, actor, {
    event: 'holidayChanged',
    entity: 'holiday',
    entityId: id,
    data: { action: 'deleted', name: holiday.name, date: holiday.date },
  });
}
