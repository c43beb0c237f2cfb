import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { recordHistory } from '../../platform/history.js';
import { endSessions } from '../../platform/session-ends.js';

/** Whether someone working in the company (not archived) has this phone: recovery sends a code only then. */
export async function phoneHasUsers(tx: Tx, companyId: number, phone: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.phone, phone), isNull(users.archivedAt)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Password recovery by the phone's code (issue 16): every working user of the company with this phone gets
 * the new password — the code proved the phone, and the log-in takes the user whose password matches — and
 * every session of theirs ends. Answers how many were reset.
 */
export async function resetPasswordsOfPhone(tx: Tx, companyId: number, phone: string, passwordHash: string) {
  const reset = await tx
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(users.companyId, companyId), eq(users.phone, phone), isNull(users.archivedAt)))
    .returning({ id: users.id });
  const userIds = reset.map((user) => user.id);
  if (userIds.length) await endSessions(tx, { companyId, userIds });
  for (const id of userIds) {
    await recordHistory(
      tx,
      { id, companyId },
      { event: 'passwordReset', entity: 'user', entityId: id, data: { via: 'sms_code' } },
    );
  }
  return userIds.length;
}
