/**
 * Scenario: the student list of a large company — GET /api/v1/user, 50 a page,
 * with a name filter — at a fixed concurrency, on the real PostgreSQL.
 *
 * Dataset (deterministic): one company with 20 branches and 30,000 students,
 * beside 200 small companies of 30 students each, so every query must find its
 * company through the index rather than by scanning.
 *
 *   npx tsx bench/users-list.ts            (creates and drops its own database)
 *   BENCH_CONCURRENCY=1 BENCH_REQUESTS=300 BENCH_KEEP=1 npx tsx bench/users-list.ts
 */
import { Role } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { createCompanyWithRoleUsers } from '../apps/server/src/seed/factories.js';
import { insertPeople, type PersonSpec } from '../apps/server/src/seed/users-factories.js';
import { listeningApp, random, runLoad, withBenchDatabase } from './support.js';

const STUDENTS = 30_000;
const SMALL_COMPANIES = 200;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);

const FIRST = [
  'Ali',
  'Aziz',
  'Bobur',
  'Dilnoza',
  'Farrux',
  'Gulnora',
  'Jasur',
  'Kamola',
  'Laylo',
  'Madina',
  'Nodir',
  'Otabek',
  'Rustam',
  'Sardor',
  'Shahzod',
  'Zarina',
];
const LAST = [
  'Karimov',
  'Aliyev',
  'Rashidov',
  'Toshmatov',
  'Yusupov',
  'Ergashev',
  'Qodirov',
  'Nurmatov',
  'Saidov',
  'Valiyev',
  'Usmonov',
  'Mirzayev',
];
const FRAGMENTS = ['kar', 'ali', 'ova', 'jas', 'mad', 'rash', 'zar', 'nod', 'sai', 'usm'];

function students(count: number, branchIds: number[], rnd: () => number, phoneBase: number): PersonSpec[] {
  return Array.from({ length: count }, (_, i) => {
    const last = LAST[Math.floor(rnd() * LAST.length)] as string;
    const first = FIRST[Math.floor(rnd() * FIRST.length)] as string;
    return {
      name: `${last}${first.endsWith('a') ? 'a' : ''} ${first}`,
      phone: String(phoneBase + i),
      branchIds: [branchIds[i % branchIds.length] as number],
      birthday: `20${String(5 + Math.floor(rnd() * 12)).padStart(2, '0')}-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}`,
    };
  });
}

await withBenchDatabase('bench_users', async (database) => {
  const rnd = random(42);
  const t = performance.now();
  const big = await createCompanyWithRoleUsers(database.db, {
    name: 'Big Centre',
    subdomain: 'big',
    branches: Array.from({ length: 20 }, (_, i) => `Branch ${i + 1}`),
  });
  await insertPeople(database.db, big.id, [Role.student], students(STUDENTS, big.branchIds, rnd, 900_000_000));
  for (let c = 0; c < SMALL_COMPANIES; c++) {
    const small = await createCompanyWithRoleUsers(database.db, {
      name: `Small ${c}`,
      subdomain: `small-${c}`,
      branches: ['Main'],
    });
    await insertPeople(database.db, small.id, [Role.student], students(30, small.branchIds, rnd, 930_000_000));
  }
  await database.db.execute(sql`analyze`);
  console.log(
    `dataset: ${STUDENTS} + ${SMALL_COMPANIES}×30 students in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const { app, ...target } = await listeningApp(database, 'big', '900000001');
  await runLoad(`GET /user?user_type=student&per_page=50&name_or_phone=… on ${STUDENTS} students`, target, {
    concurrency: CONCURRENCY,
    requests: REQUESTS,
    pathOf: (i) => `/api/v1/user?user_type=student&per_page=50&name_or_phone=${FRAGMENTS[i % FRAGMENTS.length]}`,
  });
  await app.close();
});
