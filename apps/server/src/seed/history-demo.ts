import { HistoryEvent, type HistoryEventName } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client.js';
import { historyEvents } from '../db/schema/index.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany, RoleUsers } from './factories.js';

type Event = typeof historyEvents.$inferInsert;

/** An instant of a company day at a Tashkent-like hour (the demo's companies are UTC+5 and UTC+5/6). */
const at = (day: string, hour: number, minute: number) =>
  new Date(`${day}T${String(hour - 5).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00Z`);

/**
 * The History page's demo (spec §2 history): the demo books its payments and places students in groups
 * straight into their tables, so this writes what the app would have logged for them, as the services
 * write it (names and sums of the time in `data`) — the cashier taking each payment, the administrator
 * placing each student — and the staff signing in on the last days.
 */
export async function seedHistoryDemo(db: Db, company: CreatedCompany & { users: RoleUsers }): Promise<void> {
  const { id: companyId, users } = company;
  await inCompany(db, companyId, async (tx) => {
    const event = (name: HistoryEventName, row: Omit<Event, 'companyId' | 'type'>): Event => ({
      companyId,
      type: HistoryEvent[name],
      ...row,
    });
    const payments = await selectRows<{
      id: number;
      day: string;
      amount: number;
      method: string | null;
      branch_id: number;
      student_id: number;
      student_name: string;
      group_id: number | null;
      group_title: string | null;
      author_id: number | null;
    }>(
      tx,
      sql`select e.id::int, e.entry_date::text as day, e.amount::int, e.method, e.branch_id::int, e.student_id::int,
          s.name as student_name, e.group_id::int, coalesce(nullif(g.name, ''), g.code) as group_title, e.author_id::int
        from ledger_entries e
        join users s on s.company_id = e.company_id and s.id = e.student_id
        left join groups g on g.company_id = e.company_id and g.id = e.group_id
        where e.company_id = ${companyId} and e.kind = 'payment' and e.reverses_id is null
        order by e.id`,
    );
    const places = await selectRows<{
      day: string;
      branch_id: number;
      group_id: number;
      group_title: string;
      student_id: number;
      student_name: string;
    }>(
      tx,
      sql`select gs.created_date::text as day, g.branch_id::int, g.id::int as group_id,
          coalesce(nullif(g.name, ''), g.code) as group_title, s.id::int as student_id, s.name as student_name
        from group_students gs
        join groups g on g.company_id = gs.company_id and g.id = gs.group_id
        join users s on s.company_id = gs.company_id and s.id = gs.student_id
        where gs.company_id = ${companyId} and gs.created_date <= current_date
        order by gs.created_date, g.id, s.id`,
    );
    const events: Event[] = [
      ...payments.map((p, i) =>
        event('balanceTopUp', {
          entity: 'user',
          entityId: p.student_id,
          branchId: p.branch_id,
          actorId: p.author_id ?? users.cashier.id,
          data: {
            entry_id: p.id,
            amount: p.amount,
            method: p.method,
            student_name: p.student_name,
            group_id: p.group_id,
            group_title: p.group_title,
          },
          createdAt: at(p.day, 10 + (i % 8), i * 7),
        }),
      ),
      ...places.map((p, i) =>
        event('studentAddedToGroup', {
          entity: 'group',
          entityId: p.group_id,
          branchId: p.branch_id,
          actorId: users.admin.id,
          data: {
            group_title: p.group_title,
            student_id: p.student_id,
            student_name: p.student_name,
            created_date: p.day,
          },
          createdAt: at(p.day, 9, i * 3),
        }),
      ),
    ];
    // The staff signing in on each of the last five days.
    const today = new Date();
    for (let back = 0; back < 5; back++) {
      const day = new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10);
      for (const [index, person] of [users.owner, users.admin, users.cashier].entries()) {
        const when = at(day, 8, 40 + index * 6);
        if (when <= today)
          events.push(
            event('userLoggedIn', {
              entity: 'user',
              entityId: person.id,
              actorId: person.id,
              data: {},
              createdAt: when,
            }),
          );
      }
    }
    for (let i = 0; i < events.length; i += 500) await tx.insert(historyEvents).values(events.slice(i, i + 500));
  });
}
