import type { Dataset } from '../dataset/index.js';
import { historyEvent } from './shared-sql.js';
import { type LoadScenario, nth, q } from './types.js';

/**
 * Spec §7 POST /auth/login: teachers sign in, one after another (auth/service.ts login). Most
 * of a log-in is the deliberately slow password hash (argon2, CPU), which no SQL baseline has.
 */
export const login = (d: Dataset): LoadScenario => ({
  kind: 'load',
  name: 'log-in',
  what: 'POST /auth/login: a teacher signs in, teachers in turn (throttle check, password hash check, session, history, the `me` answer)',
  actor: null,
  concurrency: 20,
  requests: 500,
  request: (i) => ({
    method: 'POST',
    path: '/api/v1/auth/login',
    body: JSON.stringify({ phone: nth(d.teacherPhones, i, 1), password: 'demo1234' }),
  }),
  sql: (i) => {
    const phone = nth(d.teacherPhones, i, 1);
    const cid = d.company.id;
    return [
      q`select * from companies where subdomain = ${d.company.subdomain} limit 1`,
      q`select count(*) filter (where phone = ${phone})::int as by_phone, count(*) filter (where ip = '127.0.0.1')::int as by_ip
        from login_failures where company_id = ${cid} and (phone = ${phone} or ip = '127.0.0.1')
          and at > now() - make_interval(secs => 900)`,
      q`delete from login_failures where company_id = ${cid} and phone = ${phone}`,
      q`select id, password_hash, roles from users where company_id = ${cid} and phone = ${phone}
          and archived_at is null and password_hash is not null order by id`,
      (rows) =>
        q`insert into sessions (company_id, id, user_id, expires_at, ip)
          values (${cid}, gen_random_uuid(), ${rows[0]?.id}, now() + interval '30 days', '127.0.0.1')
          returning user_id`,
      // loadActor, then loadMe: the user, his branches and the company.
      (rows) =>
        q`select u.id, u.name, u.roles, (select array_agg(ub.branch_id order by ub.branch_id) from user_branches ub
            where ub.company_id = u.company_id and ub.user_id = u.id) as branch_ids
          from users u where u.company_id = ${cid} and u.id = ${rows[0]?.user_id}`,
      (rows) =>
        historyEvent(cid, 'userLoggedIn', 'user', Number(rows[0]?.id), null, Number(rows[0]?.id), { ip: '127.0.0.1' }),
      q`select id, name from branches where company_id = ${cid}`,
      q`select * from companies where id = ${cid}`,
    ];
  },
});
