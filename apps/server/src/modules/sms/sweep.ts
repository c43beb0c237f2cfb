import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SmsProviderUnavailableError } from '../../adapters/sms/sms-provider.js';
import { selectRows } from '../../db/client.js';
import { smsAccounts } from '../../db/schema/index.js';
import { activeCompanies } from '../../platform/jobs/companies.js';
import { BACKGROUND_STATEMENT_TIMEOUT_MS, inCompany } from '../../platform/tenancy.js';
import { queueDelivery } from './auto-run.js';
import { applyStates } from './delivery.js';
import { senderFor } from './providers.js';

/** A stored message older than this, with no delivery job done, was left behind (a crash after the commit). */
const LEFT_BEHIND_SECONDS = 60;
/** States are polled for messages sent between these ages (a callback may have been lost or never set). */
const POLL_AFTER_SECONDS = 120;
const POLL_FOR_DAYS = 3;
const POLL_BATCH = 200;

/**
 * The sweep (JOBS.smsSweep, every 2 minutes): re-queues stored messages whose delivery job never ran, and
 * asks the operator for the states of sent messages that are not final yet. Idempotent: queuing is keyed by
 * message ids and the delivery sends only what is still unsent; a state is applied only forward.
 */
export async function sweepSms(app: FastifyInstance, only?: readonly number[]) {
  const db = app.database.background;
  let requeued = 0;
  let updated = 0;
  for (const company of await activeCompanies(db, only)) {
    const work = await inCompany(
      db,
      company.id,
      async (tx) => {
        const left = await selectRows<{ id: number }>(
          tx,
          sql`select id::int as id from sms_messages where company_id = ${company.id} and state = 'stored'
            and provider_message_id is null and created_at < now() - make_interval(secs => ${LEFT_BEHIND_SECONDS})
            order by id limit 10000`,
        );
        const open = await selectRows<{ pid: string }>(
          tx,
          sql`select provider_message_id as pid from sms_messages where company_id = ${company.id}
            and provider_message_id is not null and state in ('stored', 'accepted')
            and sent_at < now() - make_interval(secs => ${POLL_AFTER_SECONDS})
            and sent_at > now() - make_interval(days => ${POLL_FOR_DAYS})
            order by sent_at limit 2000`,
        );
        return {
          left: left.map((r) => r.id),
          open: open.map((r) => r.pid),
          // Read, not made: a company that never sent an SMS has no account and nothing to sweep.
          account: (await tx.select().from(smsAccounts).where(eq(smsAccounts.companyId, company.id)))[0] ?? null,
        };
      },
      { timeoutMs: BACKGROUND_STATEMENT_TIMEOUT_MS },
    );
    if (work.left.length) {
      // Keyed by the ids' first: a message re-queued twice in a row is one job.
      await queueDelivery(app, company.id, work.left);
      requeued += work.left.length;
    }
    if (!work.open.length || !work.account) continue;
    let sender: ReturnType<typeof senderFor>;
    try {
      sender = senderFor(app, work.account);
    } catch {
      continue;
    }
    for (let start = 0; start < work.open.length; start += POLL_BATCH) {
      try {
        const states = await sender.provider.fetchStatus(work.open.slice(start, start + POLL_BATCH));
        updated += await inCompany(db, company.id, (tx) => applyStates(tx, company.id, states));
      } catch (error) {
        if (!(error instanceof SmsProviderUnavailableError)) app.log.warn({ err: error }, 'sms status poll failed');
        break;
      }
    }
  }
  return { requeued, updated };
}
