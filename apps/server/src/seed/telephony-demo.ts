import { Role } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client.js';
import { telephonyAccounts, telephonyCalls } from '../db/schema/index.js';
import { mergeCompanyDatas } from '../modules/company/datas-writer.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany, RoleUsers } from './factories.js';

/**
 * The demo's telephony (issue 22): an OnlinePBX account whose key is not a real one (the demo reaches no provider,
 * so the call log says so and shows the calls kept), and a week of calls with students, parents and leads —
 * answered, missed and not answered — made or taken by the administrator's extension, so the call log, the
 * profiles' calls and the reachability report have something true to the shape of a centre's week.
 */
export async function seedTelephonyDemo(db: Db, company: CreatedCompany & { users: RoleUsers }) {
  await inCompany(db, company.id, async (tx) => {
    await mergeCompanyDatas(tx, company.id, { onlinepbx_country_code: '998', is_onlinepbx_branch_specific: false });
    const [account] = await tx
      .insert(telephonyAccounts)
      .values({ companyId: company.id, domain: `${company.subdomain}.onpbx.ru`, keySealed: 'demo-without-a-key' })
      .returning({ id: telephonyAccounts.id });
    const numbers = await selectRows<{ phone: string }>(
      tx,
      sql`(select phone from leads where company_id = ${company.id} order by id limit 25)
        union all
        (select phone from users where company_id = ${company.id} and ${Role.student} = any(roles) order by id limit 15)`,
    );
    const now = Date.now();
    const rows = numbers.map(({ phone }, i) => {
      const outbound = i % 3 !== 2;
      const answered = i % 5 !== 4;
      const talk = answered ? 40 + ((i * 37) % 300) : 0;
      // Spread over the last six days, in working hours (09:00–18:00 Tashkent, 04:00–13:00 UTC).
      const day = new Date(now - (1 + (i % 6)) * 86_400_000);
      day.setUTCHours(4 + (i % 9), (i * 13) % 60, 0, 0);
      return {
        companyId: company.id,
        uuid: `demo-${company.id}-${i}`,
        accountId: account!.id,
        type: outbound ? (answered ? 'outbound' : 'not_answered') : answered ? 'inbound' : 'missed',
        rawNumber: `998${phone}`,
        number: phone,
        extension: '101',
        userId: company.users.admin.id,
        startedAt: day,
        duration: talk + 8,
        talkSeconds: talk,
        hasRecord: false,
      };
    });
    if (rows.length) await tx.insert(telephonyCalls).values(rows);
  });
}
