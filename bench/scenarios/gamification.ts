import { sql } from 'drizzle-orm';
import { selectRows } from '../../apps/server/src/db/client.js';
import { inCompany } from '../../apps/server/src/platform/tenancy.js';
import type { Dataset } from '../dataset/types.js';
import { httpCall } from '../support.js';
import { timedRepeats } from './repeat.js';
import type { TimedScenario } from './types.js';

const ENTRIES_PER_STUDENT = 60;
const ORDERS = 10_000;
const READS = 20;
const MARKS = 200;

/**
 * Issue 21 at the large company's size: gamification on with every rule, 60 coin entries for each student and
 * 10,000 orders; the group page's coin column, a student's account, the orders page, and today's attendance
 * marks with the attendance rule giving coins (each mark settles its award).
 */
export const gamificationScenario = (d: Dataset): TimedScenario => ({
  kind: 'timed',
  name: 'gamification',
  what: `${ENTRIES_PER_STUDENT} coin entries a student and ${ORDERS.toLocaleString('en')} orders: coin column, account, orders; marks with coins`,
  async run({ database, server, token }) {
    const companyId = d.company.id;
    const students = await inCompany(database.db, companyId, async (tx) => {
      await tx.execute(
        sql`update companies set datas = datas || '{"gamification": true}'::jsonb where id = ${companyId}`,
      );
      await tx.execute(
        sql`insert into coin_settings (company_id, settings) values (${companyId}, ${JSON.stringify({
          employees_give: true,
          attendance_present: { on: true, amount: 5 },
          homework_on_time: { on: true, amount: 10 },
          grade_at_least: { on: true, amount: 10, threshold: 5 },
          month_without_absence: { on: true, amount: 50 },
          birthday: { on: true, amount: 100 },
        })}::jsonb) on conflict (company_id) do nothing`,
      );
      await tx.execute(sql`insert into coin_entries (company_id, student_id, amount, kind, reason, author_id)
        select ${companyId}, p.student_id, 5 + n % 10, 'manual', 'Bench', ${d.company.ownerId}
        from (select distinct student_id from group_students where company_id = ${companyId}) p,
          generate_series(1, ${ENTRIES_PER_STUDENT}) n`);
      await tx.execute(sql`insert into shop_products (company_id, name, price)
        select ${companyId}, 'Bench product ' || n, 10 + n from generate_series(1, 20) n`);
      await tx.execute(sql`insert into shop_orders (company_id, student_id, product_id, branch_id, price, status, code)
        select ${companyId}, s.student_id, p.id, ${d.branchIds[0]}, p.price, n % 3, lpad((n % 100000)::text, 5, '0')
        from generate_series(1, ${ORDERS}) n
        join lateral (select student_id from group_students where company_id = ${companyId}
          order by student_id offset (n * 7) % 1000 limit 1) s on true
        join lateral (select id, price from shop_products where company_id = ${companyId}
          order by id offset n % 20 limit 1) p on true`);
      return selectRows<{ id: number }>(
        tx,
        sql`select distinct student_id::int as id from group_students where company_id = ${companyId} limit ${READS}`,
      );
    });
    const admin = token('admin');
    const get = (path: string) => httpCall(server, { method: 'GET', path }, admin);
    const groups = d.groups.slice(0, READS);
    const results = [
      await timedRepeats('a group page’s coin column (GET /gamification/group/{id}/coins)', groups.length, (i) =>
        get(`/api/v1/gamification/group/${groups[i]!.id}/coins`),
      ),
      await timedRepeats(
        `a student’s account of ${ENTRIES_PER_STUDENT} entries (GET /gamification/coins/{id})`,
        students.length,
        (i) => get(`/api/v1/gamification/coins/${students[i]!.id}`),
      ),
      await timedRepeats(
        `the pending orders of ${ORDERS.toLocaleString('en')} (GET /gamification/orders?status=0)`,
        READS,
        () => get('/api/v1/gamification/orders?status=0'),
      ),
    ];
    const places = d.todayPlaces.slice(0, MARKS);
    results.push(
      await timedRepeats('a mark that gives the attendance rule’s coins (POST /attendance)', places.length, (i) => {
        const place = places[i]!;
        const body = { student_id: place.studentId, group_id: place.groupId, date: d.today, status: 1 };
        return httpCall(server, { method: 'POST', path: '/api/v1/attendance', body: JSON.stringify(body) }, admin);
      }),
    );
    return results;
  },
});
