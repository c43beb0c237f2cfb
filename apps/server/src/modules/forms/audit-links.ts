import { randomBytes } from 'node:crypto';
import { type AuditSendResult, companyDatasSchema, type Language, StudentStatus } from '@crm/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { companies, formAuditLinks, groupStudents, groups, users } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { storeMessages } from '../sms/outbox.js';
import { companySender } from '../sms/sending.js';
import { findForm } from './form-rows.js';

/** The SMS with the link, in the company's language (the student reads it outside the app). */
const LINK_TEXT: Record<Language, (centre: string, url: string) => string> = {
  uz: (centre, url) => `${centre}: darslar haqidagi fikringiz biz uchun muhim. Soʻrovnoma: ${url}`,
  ru: (centre, url) => `${centre}: нам важно ваше мнение о занятиях. Опрос: ${url}`,
  en: (centre, url) => `${centre}: we value your opinion of the lessons. Survey: ${url}`,
  id: (centre, url) => `${centre}: pendapat Anda tentang pelajaran penting bagi kami. Survei: ${url}`,
};

/** 24 random bytes: the link is the only key to answering as that student. */
const newToken = () => randomBytes(24).toString('base64url');

/**
 * POST /form/{id}/audit-links: each seated student (not archived) of the groups gets his own link by SMS,
 * once per form and group (a second send skips him: the unique link row and the SMS's natural key both say
 * so). The group's teacher is kept with the link, so the answers can be read per teacher. Answers the ids of
 * the stored messages; the caller queues their delivery once this commits.
 */
export async function sendAuditLinks(
  app: FastifyInstance,
  tx: Tx,
  actor: Actor,
  formId: number,
  groupIds: readonly number[],
  origin: string,
): Promise<{ ids: number[]; answer: AuditSendResult }> {
  const form = await findForm(tx, actor.companyId, formId, true);
  if (form.kind !== 'audit') throw new AppError(404, 'not_found');
  if (form.status !== 'published') throw new AppError(409, 'form_closed');
  const chosen = await tx
    .select({ id: groups.id, branchId: groups.branchId, teacherId: groups.teacherId })
    .from(groups)
    .where(and(eq(groups.companyId, actor.companyId), inArray(groups.id, [...groupIds])));
  if (chosen.length !== new Set(groupIds).size) throw new AppError(404, 'not_found');
  for (const group of chosen) assertBranch(actor, group.branchId);
  const seated = await tx
    .select({ groupId: groupStudents.groupId, studentId: users.id, name: users.name, phone: users.phone })
    .from(groupStudents)
    .innerJoin(users, and(eq(users.companyId, groupStudents.companyId), eq(users.id, groupStudents.studentId)))
    .where(
      and(
        eq(groupStudents.companyId, actor.companyId),
        inArray(groupStudents.groupId, [...groupIds]),
        inArray(groupStudents.status, [
          StudentStatus.inactive,
          StudentStatus.cameToTrial,
          StudentStatus.active,
          StudentStatus.frozen,
        ]),
      ),
    );
  const groupOf = new Map(chosen.map((g) => [g.id, g]));
  const links = seated
    .filter((s) => s.phone)
    .map((s) => ({
      companyId: actor.companyId,
      formId,
      token: newToken(),
      studentId: s.studentId,
      groupId: s.groupId,
      teacherId: groupOf.get(s.groupId)?.teacherId ?? null,
    }));
  const made = links.length ? await tx.insert(formAuditLinks).values(links).onConflictDoNothing().returning() : [];
  const [company] = await tx
    .select({ name: companies.name, datas: companies.datas })
    .from(companies)
    .where(eq(companies.id, actor.companyId));
  const { locale } = companyDatasSchema.parse(company?.datas ?? {});
  const sender = made.length ? await companySender(app, tx, actor.companyId) : null;
  const student = new Map(seated.map((s) => [`${s.groupId}:${s.studentId}`, s]));
  const stored =
    sender && made.length
      ? await storeMessages(
          tx,
          made.map((link) => {
            const who = student.get(`${link.groupId}:${link.studentId}`);
            const url = `${origin}/entry/audit/${formId}/${actor.companyId}?token=${link.token}`;
            return {
              userId: link.studentId,
              leadId: null,
              recipient: 'student' as const,
              name: who?.name ?? '',
              phone: who?.phone ?? '',
              branchId: groupOf.get(link.groupId)?.branchId ?? null,
              text: LINK_TEXT[locale](company?.name ?? '', url),
              naturalKey: `audit:${formId}:${link.groupId}:${link.studentId}`,
            };
          }),
          {
            companyId: actor.companyId,
            actorId: actor.id,
            kind: 'manual',
            sender: sender.sender,
            provider: sender.name,
            at: new Date(),
            overAllowance: 'refuse',
          },
        )
      : { ids: [] as number[] };
  await recordHistory(tx, actor, {
    event: 'auditLinksSent',
    entity: 'form',
    entityId: formId,
    data: { title: form.title, count: made.length },
  });
  return { ids: stored.ids, answer: { sent: made.length, skipped: seated.length - made.length } };
}
