import { and, eq, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { billingRuns } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { addSummary, type BillingContext, type BillingSummary, emptySummary } from './booking.js';
import { companyBilling } from './company-billing.js';
import { billNextGroups } from './daily-run.js';

/**
 * The durable daily run (docs/billing.md "Daily run"): one row per company and day in
 * billing_runs. A process claims the day with one statement — a new row, or one whose
 * lease ran out because the process that held it died — so the day is run by one
 * process at a time however many servers look. Groups are booked in batches, each in its
 * own transaction, and the lease is renewed after each; a run taken over after a crash
 * books everything again, and the natural keys make the groups already done book nothing.
 */

/** How long a claim holds without a sign of life (each batch renews it). */
export const LEASE_SECONDS = 120;
/** Groups per batch: one calendar load and a few multi-row statements each. */
export const BATCH_GROUPS = 200;

export type RunStatus = 'done' | 'busy' | 'already_done';

export interface RunOutcome {
  status: RunStatus;
  companyId: number;
  date: string;
  /** Which attempt this was (2 and more: taken over after a crash or an error). */
  attempt: number;
  groups: number;
  summary: BillingSummary;
}

export interface RunOptions {
  /** The instant the run acts at (default now): its company-local day is the run's day unless one is given. */
  at?: Date;
  batchGroups?: number;
  leaseSeconds?: number;
  /** Called after each committed batch (tests stop a run half-way through with it). */
  afterBatch?: (batch: number) => void | Promise<void>;
}

const leaseUntil = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** Claims the company's day: answers the attempt number, or null when another process holds it or it is done. */
async function claimRun(db: Db, companyId: number, date: string, seconds: number) {
  return inCompany(db, companyId, async (tx) => {
    const [claimed] = await tx
      .insert(billingRuns)
      .values({ companyId, runDate: date, status: 'running', leaseUntil: leaseUntil(seconds) })
      .onConflictDoUpdate({
        target: [billingRuns.companyId, billingRuns.runDate],
        set: {
          attempts: sql`${billingRuns.attempts} + 1`,
          groupsDone: 0,
          startedAt: sql`now()`,
          leaseUntil: leaseUntil(seconds),
          lastError: null,
        },
        setWhere: sql`${billingRuns.status} = 'running' and ${billingRuns.leaseUntil} < now()`,
      })
      .returning({ attempts: billingRuns.attempts });
    if (claimed) return { attempt: claimed.attempts, status: null };
    const [existing] = await tx
      .select({ status: billingRuns.status })
      .from(billingRuns)
      .where(and(eq(billingRuns.companyId, companyId), eq(billingRuns.runDate, date)));
    return { attempt: null, status: existing?.status === 'done' ? ('already_done' as const) : ('busy' as const) };
  });
}

/** The day of the company's last finished run before `date` (null: none). */
async function previousRunDate(db: Db, companyId: number, date: string): Promise<string | null> {
  return inCompany(db, companyId, async (tx) => {
    const [row] = await tx
      .select({ date: max(billingRuns.runDate) })
      .from(billingRuns)
      .where(and(eq(billingRuns.companyId, companyId), eq(billingRuns.status, 'done'), lt(billingRuns.runDate, date)));
    return row?.date ?? null;
  });
}

/**
 * Bills every running group of the company for the context's day, in batches of
 * groups, each batch in its own transaction. Without the claim of runBilling: tests and
 * the benchmark call it to repeat a day.
 */
export async function billAllGroups(
  db: Db,
  ctx: BillingContext,
  options: {
    recalculateFrom: string;
    batchGroups?: number;
    afterBatch?: (batch: { index: number; groups: number }) => Promise<void>;
  },
): Promise<{ groups: number; summary: BillingSummary }> {
  const total = { groups: 0, summary: emptySummary() };
  let afterGroupId = 0;
  for (let index = 1; ; index++) {
    const result = await inCompany(db, ctx.companyId, (tx) =>
      billNextGroups(tx, ctx, {
        afterGroupId,
        limit: options.batchGroups ?? BATCH_GROUPS,
        recalculateFrom: options.recalculateFrom,
      }),
    );
    if (result.lastGroupId === null) return total;
    afterGroupId = result.lastGroupId;
    total.groups += result.groups;
    addSummary(total.summary, result.summary);
    await options.afterBatch?.({ index, groups: result.groups });
  }
}

/**
 * Runs the billing of one company for one day (default: its today in its time zone),
 * unless the day is done or another process is running it.
 */
export async function runBilling(
  db: Db,
  companyId: number,
  date?: string,
  options: RunOptions = {},
): Promise<RunOutcome> {
  const at = options.at ?? new Date();
  const seconds = options.leaseSeconds ?? LEASE_SECONDS;
  const base = await inCompany(db, companyId, (tx) => companyBilling(tx, companyId, at, null));
  const ctx = { ...base, today: date ?? base.today };
  const outcome: RunOutcome = {
    status: 'done',
    companyId,
    date: ctx.today,
    attempt: 0,
    groups: 0,
    summary: emptySummary(),
  };
  const claim = await claimRun(db, companyId, ctx.today, seconds);
  if (claim.attempt === null) return { ...outcome, status: claim.status };
  outcome.attempt = claim.attempt;
  const recalculateFrom = (await previousRunDate(db, companyId, ctx.today)) ?? ctx.today;
  const runRow = and(eq(billingRuns.companyId, companyId), eq(billingRuns.runDate, ctx.today));

  try {
    const billed = await billAllGroups(db, ctx, {
      recalculateFrom,
      batchGroups: options.batchGroups,
      afterBatch: async (batch) => {
        await inCompany(db, companyId, (tx) =>
          tx
            .update(billingRuns)
            .set({ groupsDone: sql`${billingRuns.groupsDone} + ${batch.groups}`, leaseUntil: leaseUntil(seconds) })
            .where(runRow),
        );
        await options.afterBatch?.(batch.index);
      },
    });
    outcome.groups = billed.groups;
    outcome.summary = billed.summary;
    await inCompany(db, companyId, (tx) =>
      tx.update(billingRuns).set({ status: 'done', finishedAt: sql`now()`, leaseUntil: sql`now()` }).where(runRow),
    );
    return outcome;
  } catch (error) {
    // Free the day at once: the next look (this process or another) starts it again.
    await inCompany(db, companyId, (tx) =>
      tx
        .update(billingRuns)
        .set({
          lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
          leaseUntil: sql`now()`,
        })
        .where(runRow),
    ).catch(() => {});
    throw error;
  }
}
