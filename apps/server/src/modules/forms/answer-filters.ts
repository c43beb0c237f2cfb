import type { answersQuerySchema } from '@crm/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { formAnswers } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { companyTime } from '../lessons/company-time.js';
import { invalidField } from '../users/service.js';

export type AnswersFilter = Omit<z.output<typeof answersQuerySchema>, 'page' | 'per_page'>;

/**
 * A form's answers narrowed by the info page's filters: the period in the company's days, the utm source,
 * the audit's teacher and group, and text anywhere in the answer's values.
 */
export async function answerConditions(tx: Tx, actor: Actor, formId: number, f: Partial<AnswersFilter>) {
  if (f.from && f.to && f.to < f.from) throw invalidField('to', 'end_before_start', 'to is before from');
  const where: SQL[] = [eq(formAnswers.companyId, actor.companyId), eq(formAnswers.formId, formId)];
  if (f.from || f.to) {
    const zone = (await companyTime(tx, actor.companyId, new Date())).timeZone;
    if (f.from) where.push(sql`${formAnswers.createdAt} >= (${f.from}::date)::timestamp at time zone ${zone}`);
    if (f.to) where.push(sql`${formAnswers.createdAt} < (${f.to}::date + 1)::timestamp at time zone ${zone}`);
  }
  if (f.utm_source) where.push(sql`${formAnswers.source}->>'utm_source' = ${f.utm_source}`);
  if (f.teacher_id) where.push(eq(formAnswers.teacherId, f.teacher_id));
  if (f.group_id) where.push(eq(formAnswers.groupId, f.group_id));
  if (f.search) {
    const words = `%${f.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    where.push(sql`lower(${formAnswers.values}::text) like ${words}`);
  }
  return and(...where);
}
