import type { FastifyRequest } from 'fastify';
import { JOBS } from '../../platform/jobs/registry.js';

/**
 * What other modules tell the SMS module after their change committed (spec §9 event rules): a payment was
 * taken, a student was activated in a group. The automatic SMS job then checks whether the rule is on and
 * sends once per cause (the payment's or activation's id is its natural key). Nothing here can fail the
 * caller's request: with no queue running, the event is let go (logged).
 */
export async function paymentTaken(
  req: FastifyRequest,
  entry: { id: number; amount: number; kind: string; student: { id: number } | null },
  // A provider's callback has no signed-in caller: it names the company whose student paid.
  companyId: number | undefined = req.claims?.companyId,
) {
  if (!companyId || !entry.student || entry.kind !== 'payment') return;
  await req.server.jobs.trySend(
    JOBS.autoSmsEvent,
    {
      companyId,
      rule: 'payment_done',
      studentId: entry.student.id,
      cause: `payment:${entry.id}`,
      // The amount in minor units: the job formats it in the company's currency.
      values: { payment_amount: String(entry.amount) },
    },
    { key: `${companyId}:payment:${entry.id}` },
  );
}

export async function studentActivated(req: FastifyRequest, groupId: number, studentId: number, at: Date) {
  const companyId = req.claims?.companyId;
  if (!companyId) return;
  // One activation SMS a student, group and day: toggling a status back and forth sends it once.
  const cause = `activation:${groupId}:${at.toISOString().slice(0, 10)}`;
  await req.server.jobs.trySend(
    JOBS.autoSmsEvent,
    { companyId, rule: 'activation', studentId, cause, values: {} },
    { key: `${companyId}:${studentId}:${cause}` },
  );
}
