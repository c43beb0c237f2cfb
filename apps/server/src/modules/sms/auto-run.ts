import {
  AUTO_SMS_HOUR,
  type AutoSmsRule,
  addDays,
  analyzeSmsText,
  companyTimeZone,
  formatAmount,
  renderSmsText,
  type SmsVariableValues,
  zonedDateTime,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { activeCompanies } from '../../platform/jobs/companies.js';
import { JOBS } from '../../platform/jobs/registry.js';
import { BACKGROUND_STATEMENT_TIMEOUT_MS, inCompany } from '../../platform/tenancy.js';
import { DAILY_RULES, type DailyRule, planDailyRules } from './auto-planner.js';
import { type RuleSettings, ruleSettings } from './auto-rule-settings.js';
import { storeMessages } from './outbox.js';
import { type CompanyFacts, type Skipped, studentFacts, studentRecipients } from './recipients.js';
import { companyFacts, companySender } from './sending.js';

/** Ids per delivery job: one job's batch of calls stays well within its expiry. */
const DELIVERY_JOB_IDS = 2_000;

const noSkips = (): Skipped => ({ no_phone: 0, archived: 0, not_own: 0 });

/** The messages of one rule for its students: one per student (own number, else his parent's), text rendered. */
async function ruleMessages(
  tx: Tx,
  companyId: number,
  company: CompanyFacts,
  rule: RuleSettings,
  ids: readonly number[],
  day: string,
  extra: SmsVariableValues = {},
) {
  const facts = await studentFacts(tx, companyId, ids, company.today);
  const students = ids.flatMap((id) => facts.get(id) ?? []);
  return studentRecipients(students, 'fallback', company, noSkips(), () => extra).map((r) => ({
    ...r,
    text: renderSmsText(rule.text, r.values),
    naturalKey: `auto:${rule.rule}:${r.userId}:${day}`,
  }));
}

/**
 * One company's automatic SMS of one day (JOBS.autoSmsCompanyDay): every enabled daily rule's students get
 * their message once — the natural key `auto:{rule}:{student}:{day}` stores a second one never, whichever
 * process or retry runs the day again. Delivery follows in jobs after the commit.
 */
export async function runAutoSmsDay(app: FastifyInstance, companyId: number, day: string) {
  const at = app.clock();
  const ids = await inCompany(
    app.database.background,
    companyId,
    async (tx) => {
      const rules = (await ruleSettings(tx, companyId)).filter(
        (r) => r.enabled && (DAILY_RULES as readonly string[]).includes(r.rule),
      );
      if (!rules.length) return [];
      const company = { ...(await companyFacts(tx, companyId, at)), today: day };
      const targets = await planDailyRules(tx, companyId, day, at, rules);
      const sender = await companySender(app, tx, companyId);
      const stored: number[] = [];
      for (const rule of rules) {
        const messages = await ruleMessages(
          tx,
          companyId,
          company,
          rule,
          targets.get(rule.rule as DailyRule) ?? [],
          day,
        );
        if (!messages.length) continue;
        const result = await storeMessages(tx, messages, {
          companyId,
          actorId: null,
          kind: 'auto',
          rule: rule.rule,
          sender: rule.sender ?? sender.sender,
          provider: sender.name,
          at,
          overAllowance: 'reject',
        });
        stored.push(...result.ids);
      }
      return stored;
    },
    { timeoutMs: BACKGROUND_STATEMENT_TIMEOUT_MS },
  );
  await queueDelivery(app, companyId, ids);
  return ids.length;
}

/** Delivery jobs for stored messages, in chunks; keyed by their first id, so a retried run queues them once. */
export async function queueDelivery(app: FastifyInstance, companyId: number, ids: readonly number[]) {
  for (let start = 0; start < ids.length; start += DELIVERY_JOB_IDS) {
    const chunk = ids.slice(start, start + DELIVERY_JOB_IDS);
    await app.jobs.trySend(JOBS.smsDeliver, { companyId, messageIds: chunk }, { key: `${companyId}:${chunk[0]}` });
  }
}

/** An event rule's one message (payment done, activation), once per its cause. */
export async function runAutoSmsEvent(
  app: FastifyInstance,
  input: {
    companyId: number;
    rule: 'payment_done' | 'activation';
    studentId: number;
    cause: string;
    values: SmsVariableValues;
  },
) {
  const at = app.clock();
  const ids = await inCompany(app.database.background, input.companyId, async (tx) => {
    const rule = (await ruleSettings(tx, input.companyId)).find((r) => r.rule === input.rule);
    if (!rule?.enabled) return [];
    const company = await companyFacts(tx, input.companyId, at);
    const values = { ...input.values };
    // A payment's amount travels in minor units; the text names it in the company's currency.
    if (values.payment_amount && /^\d+$/.test(values.payment_amount)) {
      values.payment_amount = `${formatAmount(Number(values.payment_amount), company.currency)} ${company.currency}`;
    }
    const messages = await ruleMessages(tx, input.companyId, company, rule, [input.studentId], input.cause, values);
    const sender = await companySender(app, tx, input.companyId);
    const result = await storeMessages(tx, messages, {
      companyId: input.companyId,
      actorId: null,
      kind: 'auto',
      rule: input.rule,
      sender: rule.sender ?? sender.sender,
      provider: sender.name,
      at,
      overAllowance: 'reject',
    });
    return result.ids;
  });
  await queueDelivery(app, input.companyId, ids);
}

/**
 * The dispatch (JOBS.autoSmsDispatch, every 5 minutes): each active company whose local time has reached
 * 9:00 (spec §9) gets its day's job, keyed by company and day — queued once however often this runs.
 */
export async function dispatchAutoSms(app: FastifyInstance, only?: readonly number[]) {
  const at = app.clock();
  let queued = 0;
  for (const company of await activeCompanies(app.database.background, only)) {
    const local = zonedDateTime(at, companyTimeZone(company.datas));
    if (Number(local.time.slice(0, 2)) < AUTO_SMS_HOUR) continue;
    const key = `${company.id}:${local.date}`;
    if (await app.jobs.send(JOBS.autoSmsCompanyDay, { companyId: company.id, date: local.date }, { key })) queued += 1;
  }
  return queued;
}

/** Who a daily rule would send to tomorrow (the /auto-sms page's preview), with their texts. */
export async function previewRule(tx: Tx, companyId: number, rule: AutoSmsRule, at: Date) {
  const company = await companyFacts(tx, companyId, at);
  const tomorrow = addDays(company.today, 1);
  const settings = (await ruleSettings(tx, companyId)).find((r) => r.rule === rule);
  if (!settings || !(DAILY_RULES as readonly string[]).includes(rule)) return { date: tomorrow, total: 0, data: [] };
  const targets = await planDailyRules(tx, companyId, tomorrow, at, [settings]);
  const ids = targets.get(rule as DailyRule) ?? [];
  const messages = await ruleMessages(
    tx,
    companyId,
    { ...company, today: tomorrow },
    settings,
    ids.slice(0, 50),
    tomorrow,
  );
  const data = messages.map((m) => ({
    name: m.name,
    phone: m.phone,
    recipient: m.recipient,
    text: m.text,
    parts: analyzeSmsText(m.text).parts,
  }));
  return { date: tomorrow, total: ids.length, data };
}
