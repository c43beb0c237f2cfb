import type { SmsTemplate } from '@crm/contracts';
import { canAccess, unknownSmsVariables } from '@crm/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { smsTemplates } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';

/** Spec §3 SMS templates: texts with variables that anyone who writes SMS picks from; the SMS area keeps them. */

type Row = typeof smsTemplates.$inferSelect;

const view = (row: Row, actor: Actor): SmsTemplate => {
  const keeps = canAccess('sms', actor.roles);
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    updated_at: row.updatedAt.toISOString(),
    policies: { edit: keeps, delete: keeps },
  };
};

export async function listTemplates(tx: Tx, actor: Actor) {
  const rows = await tx
    .select()
    .from(smsTemplates)
    .where(eq(smsTemplates.companyId, actor.companyId))
    .orderBy(asc(smsTemplates.title), asc(smsTemplates.id));
  return { data: rows.map((row) => view(row, actor)), policies: { create: canAccess('sms', actor.roles) } };
}

function checkVariables(text: string) {
  const unknown = unknownSmsVariables(text);
  if (unknown.length) throw new AppError(422, 'sms_unknown_variable', { variables: unknown });
}

export async function createTemplate(tx: Tx, actor: Actor, input: { title: string; text: string }) {
  checkVariables(input.text);
  const [row] = await tx
    .insert(smsTemplates)
    .values({ companyId: actor.companyId, title: input.title, text: input.text, createdBy: actor.id })
    .returning();
  if (!row) throw new Error('template not stored');
  await recordHistory(tx, actor, {
    event: 'smsTemplateChanged',
    entity: 'sms_template',
    entityId: row.id,
    data: { action: 'created', title: row.title },
  });
  return view(row, actor);
}

async function templateOf(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx
    .select()
    .from(smsTemplates)
    .where(and(eq(smsTemplates.companyId, actor.companyId), eq(smsTemplates.id, id)))
    .for('update');
  if (!row) throw new AppError(404, 'not_found');
  return row;
}

export async function updateTemplate(tx: Tx, actor: Actor, id: number, input: { title: string; text: string }) {
  checkVariables(input.text);
  const before = await templateOf(tx, actor, id);
  const [row] = await tx
    .update(smsTemplates)
    .set({ title: input.title, text: input.text, updatedAt: sql`now()` })
    .where(and(eq(smsTemplates.companyId, actor.companyId), eq(smsTemplates.id, id)))
    .returning();
  if (!row) throw new AppError(404, 'not_found');
  await recordHistory(tx, actor, {
    event: 'smsTemplateChanged',
    entity: 'sms_template',
    entityId: id,
    data: {
      action: 'updated',
      before: { title: before.title, text: before.text },
      after: { title: row.title, text: row.text },
    },
  });
  return view(row, actor);
}

export async function deleteTemplate(tx: Tx, actor: Actor, id: number) {
  const before = await templateOf(tx, actor, id);
  await tx.delete(smsTemplates).where(and(eq(smsTemplates.companyId, actor.companyId), eq(smsTemplates.id, id)));
  await recordHistory(tx, actor, {
    event: 'smsTemplateChanged',
    entity: 'sms_template',
    entityId: id,
    data: { action: 'deleted', title: before.title },
  });
  return { ok: true as const };
}
