import {
  ADVANCE_NOTICE_DAYS,
  AUTO_SMS_HOUR,
  AUTO_SMS_RULES,
  AUTO_SMS_TIMING,
  type AutoSmsRule,
  type AutoSmsRuleSettings,
  canAccess,
  companyDatasSchema,
  unknownSmsVariables,
} from '@crm/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { autoSmsRules, companies } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { DEFAULT_RULE_TEXTS } from './auto-rule-defaults.js';

/** A rule as it works now: the company's row, or the default (off, 3 days, the text in its language). */
export interface RuleSettings {
  rule: AutoSmsRule;
  enabled: boolean;
  sender: string | null;
  days: number;
  text: string;
}

/** Every rule of the company, its saved settings over the defaults. */
export async function ruleSettings(tx: Tx, companyId: number): Promise<RuleSettings[]> {
  const [company] = await tx.select({ datas: companies.datas }).from(companies).where(eq(companies.id, companyId));
  const language = companyDatasSchema.parse(company?.datas ?? {}).locale;
  const saved = await tx.select().from(autoSmsRules).where(eq(autoSmsRules.companyId, companyId));
  return AUTO_SMS_RULES.map((rule) => {
    const row = saved.find((r) => r.rule === rule);
    return row
      ? { rule, enabled: row.enabled, sender: row.sender, days: row.days, text: row.text }
      : { rule, enabled: false, sender: null, days: ADVANCE_NOTICE_DAYS, text: DEFAULT_RULE_TEXTS[rule][language] };
  });
}

const view = (settings: RuleSettings, actor: Actor): AutoSmsRuleSettings => ({
  ...settings,
  timing: AUTO_SMS_TIMING[settings.rule],
  policies: { edit: canAccess('autoSms', actor.roles) },
});

export async function listRules(tx: Tx, actor: Actor) {
  const rules = await ruleSettings(tx, actor.companyId);
  return { data: rules.map((r) => view(r, actor)), send_hour: AUTO_SMS_HOUR };
}

export async function updateRule(
  tx: Tx,
  actor: Actor,
  rule: AutoSmsRule,
  input: { enabled: boolean; sender?: string | null; days?: number; text: string },
) {
  const unknown = unknownSmsVariables(input.text);
  if (unknown.length) throw new AppError(422, 'sms_unknown_variable', { variables: unknown });
  const before = (await ruleSettings(tx, actor.companyId)).find((r) => r.rule === rule);
  const values = {
    enabled: input.enabled,
    sender: input.sender === undefined ? (before?.sender ?? null) : input.sender || null,
    days: input.days ?? before?.days ?? ADVANCE_NOTICE_DAYS,
    text: input.text,
  };
  await tx
    .insert(autoSmsRules)
    .values({ companyId: actor.companyId, rule, ...values })
    .onConflictDoUpdate({
      target: [autoSmsRules.companyId, autoSmsRules.rule],
      set: { ...values, updatedAt: sql`now()` },
    });
  await recordHistory(tx, actor, {
    event: 'autoSmsRuleChanged',
    entity: 'auto_sms',
    data: {
      rule,
      ...(before?.enabled !== values.enabled ? { enabled: values.enabled } : {}),
      before: { days: before?.days, sender: before?.sender, text: before?.text },
      after: { days: values.days, sender: values.sender, text: values.text },
    },
  });
  return view({ rule, ...values }, actor);
}
