import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.js';
import { selectRows } from '../../apps/server/src/db/client.js';
import { type FakePbxCall, startOnlinePbxFake } from '../../apps/server/test/fakes/onlinepbx-fake.js';
import { BENCH_JWT_SECRET } from '../support.js';
import { timedRepeats } from './repeat.js';
import type { TimedScenario } from './types.js';

const WEEK_CALLS = 5_000;
const DOMAIN = 'bench.onpbx.ru';
const KEY = 'bench-onlinepbx-key';
const READS = 10;

/**
 * Issue 22 at the large company's size: a busy week of 5,000 calls at a local OnlinePBX (its HTTP API), with
 * students' and leads' numbers. The call log asks the provider for what it has not kept of the week (all of it the
 * first time, its last hours later) before reading it back matched to people and leads: the first opening, the next
 * ones, and one student's calls (his profile's tab, searched by his numbers).
 */
export const telephonyScenario: TimedScenario = {
  kind: 'timed',
  name: 'telephony',
  what: `a week of ${WEEK_CALLS.toLocaleString('en')} calls at a local OnlinePBX: the call log's first and later openings, one student's calls`,
  async run({ dataset, database, token }) {
    const companyId = dataset.company.id;
    const numbers = await selectRows<{ phone: string }>(
      database.db,
      sql`(select phone from users where company_id = ${companyId} and 7 = any(roles) order by id limit 3000)
        union all (select phone from leads where company_id = ${companyId} order by id limit 2000)`,
    );
    const now = Math.floor(dataset.clock.getTime() / 1000);
    const calls: FakePbxCall[] = Array.from({ length: WEEK_CALLS }, (_, i) => {
      const outbound = i % 3 !== 0;
      const talk = i % 4 === 0 ? 0 : 30 + (i % 240);
      const other = `998${numbers[(i * 7) % numbers.length]!.phone}`;
      return {
        uuid: `bench-call-${i}`,
        caller_id_number: outbound ? String(101 + (i % 8)) : other,
        destination_number: outbound ? other : String(101 + (i % 8)),
        start_stamp: now - 60 - Math.floor((i * 6 * 86_400) / WEEK_CALLS),
        duration: talk + 10,
        user_talk_time: talk,
        accountcode: outbound ? 'outbound' : 'inbound',
      };
    });
    const pbx = await startOnlinePbxFake({ accounts: { [DOMAIN]: { authKey: KEY, extensions: [], calls } } });
    const app = await buildApp({
      config: {
        baseDomain: 'localhost',
        jwtSecret: BENCH_JWT_SECRET,
        logLevel: 'silent',
        telephony: { apiUrl: pbx.url, wsUrl: 'wss://{domain}:3342' },
      },
      database,
      logger: false,
      filesDir: '/tmp/crm-bench-files',
      clock: () => new Date(dataset.clock.getTime()),
    });
    const ask = async (method: 'GET' | 'PUT', url: string, actor: 'admin' | 'ceo', body?: unknown) => {
      const answer = await app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { host: `${dataset.company.subdomain}.localhost`, authorization: `Bearer ${token(actor)}` },
        payload: body as object | undefined,
      });
      return { status: answer.statusCode, body: answer.body };
    };
    try {
      const settings = await ask('PUT', '/voip/settings', 'ceo', {
        country_code: '998',
        branch_specific: false,
        accounts: [{ branch_id: null, domain: DOMAIN, key: KEY }],
      });
      if (settings.status !== 200) throw new Error(`telephony settings refused: ${settings.body}`);
      const student = numbers[0]!.phone;
      return [
        await timedRepeats(`the call log's first opening (${WEEK_CALLS.toLocaleString('en')} new calls kept)`, 1, () =>
          ask('GET', '/call/history', 'admin'),
        ),
        await timedRepeats('the call log opened again (only its last hours asked again)', READS, () =>
          ask('GET', '/call/history', 'admin'),
        ),
        await timedRepeats('one student’s calls (GET /call/history?phone=)', READS, () =>
          ask('GET', `/call/history?phone=${student}`, 'admin'),
        ),
      ];
    } finally {
      await app.close();
      await pbx.stop();
    }
  },
};
