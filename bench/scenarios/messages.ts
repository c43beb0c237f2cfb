import { eq, sql } from 'drizzle-orm';
import { buildApp, OFFLINE_MESSAGING } from '../../apps/server/src/app.js';
import { selectRows } from '../../apps/server/src/db/client.js';
import { smsAccounts } from '../../apps/server/src/db/schema/index.js';
import { smsAccountOf } from '../../apps/server/src/modules/sms/account.js';
import { planDailyRules } from '../../apps/server/src/modules/sms/auto-planner.js';
import { ruleSettings } from '../../apps/server/src/modules/sms/auto-rule-settings.js';
import { deliverMessages } from '../../apps/server/src/modules/sms/delivery.js';
import { storeMessages } from '../../apps/server/src/modules/sms/outbox.js';
import { BACKGROUND_STATEMENT_TIMEOUT_MS, inCompany } from '../../apps/server/src/platform/tenancy.js';
import { startEskizFake } from '../../apps/server/test/fakes/eskiz-fake.js';
import { noonOf } from '../dataset/config.js';
import type { TimedResult, TimedScenario } from './types.js';

const MESSAGES = 10_000;
const ESKIZ_ACCOUNT = { email: 'bench@example.uz', password: 'bench-eskiz-secret' };

/**
 * Issue 15's two figures: 10,000 SMS handed to the operator (a local Eskiz, in batches of 200), from the
 * outbox to the operator's answers; and one day's automatic SMS planned for the large company (every daily
 * rule on: birthdays, debtors, balance not enough, the advance notice), without sending.
 */
export const smsScenario: TimedScenario = {
  kind: 'timed',
  name: 'sms',
  what: `${MESSAGES.toLocaleString('en')} SMS stored and sent to a local Eskiz in batches; one day's automatic SMS planned for the large company`,
  async run(context) {
    const { dataset, database } = context;
    const companyId = dataset.company.id;
    const eskiz = await startEskizFake(ESKIZ_ACCOUNT);
    const app = await buildApp({
      config: {
        baseDomain: 'localhost',
        jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123',
        logLevel: 'silent',
        messaging: {
          ...OFFLINE_MESSAGING,
          sms: { provider: 'eskiz', baseUrl: eskiz.url, sender: '4546', ...ESKIZ_ACCOUNT },
        },
      },
      database,
      logger: false,
      filesDir: '/tmp/crm-bench-files',
    });
    const results: TimedResult[] = [];
    try {
      const students = await selectRows<{ id: number; phone: string; name: string }>(
        database.db,
        sql`select id::int as id, phone, name from users where company_id = ${companyId} and 7 = any(roles)
          order by id limit ${MESSAGES}`,
      );
      // The shared sender's month is the platform's to give: the benchmark gives the company enough of it.
      await inCompany(database.db, companyId, async (tx) => {
        await smsAccountOf(tx, companyId);
        await tx.update(smsAccounts).set({ monthlyLimit: 1_000_000 }).where(eq(smsAccounts.companyId, companyId));
      });
      const started = performance.now();
      const stored = await inCompany(
        database.background,
        companyId,
        (tx) =>
          storeMessages(
            tx,
            students.map((s) => ({
              userId: s.id,
              leadId: null,
              recipient: 'student' as const,
              name: s.name,
              phone: `998${s.phone}`,
              branchId: null,
              text: `Hurmatli ${s.name}, ertaga dars soat 14:00 da.`,
            })),
            {
              companyId,
              actorId: null,
              kind: 'manual',
              sender: '4546',
              provider: 'eskiz',
              at: new Date(),
              overAllowance: 'reject',
            },
          ),
        { timeoutMs: BACKGROUND_STATEMENT_TIMEOUT_MS },
      );
      const storedSeconds = (performance.now() - started) / 1000;
      const { sent } = await deliverMessages(app, companyId, stored.ids);
      results.push({
        label: `${MESSAGES.toLocaleString('en')} SMS: stored with their history, then sent to the operator in batches of 200`,
        seconds: (performance.now() - started) / 1000,
        ok: sent === stored.ids.length && eskiz.messages.length === stored.ids.length,
        note: `${stored.ids.length.toLocaleString('en')} stored in ${storedSeconds.toFixed(1)} s (rejected over the limit: ${stored.rejected}); ${sent.toLocaleString('en')} accepted by the fake`,
      });

      const day = dataset.today;
      const planStarted = performance.now();
      const targets = await inCompany(
        database.background,
        companyId,
        async (tx) => {
          const rules = (await ruleSettings(tx, companyId)).filter(
            (r) => r.rule !== 'payment_done' && r.rule !== 'activation',
          );
          return planDailyRules(tx, companyId, day, noonOf(day), rules);
        },
        { timeoutMs: BACKGROUND_STATEMENT_TIMEOUT_MS },
      );
      const counts = [...targets.entries()]
        .map(([rule, ids]) => `${rule} ${ids.length.toLocaleString('en')}`)
        .join(', ');
      results.push({
        label: "one day's automatic SMS planned for the large company (all four daily rules)",
        seconds: (performance.now() - planStarted) / 1000,
        ok: true,
        note: counts,
      });
    } finally {
      await app.close();
      await eskiz.stop();
    }
    return results;
  },
};
