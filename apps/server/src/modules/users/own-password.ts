import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { recordHistory } from '../../platform/history.js';
import { endSessions } from '../../platform/session-ends.js';

/** What checking one's own current password needs: its hash, and the phone a new one must not be. */
export async function readOwnCredentials(tx: Tx, actor: Actor) {
  const [own] = await tx
    .select({ passwordHash: users.passwordHash, phone: users.phone, mainBranchId: users.mainBranchId })
    .from(users)
    .where(and(eq(users.companyId, actor.companyId), eq(users.id, actor.id)));
  return own ?? { passwordHash: null, phone: '', mainBranchId: null };
}

/**
 * Sets the caller's own password (its hash, made outside the transaction) and ends his other sessions:
 * whoever else holds one of his tokens is signed out; the browser he changed it in stays signed in.
 */
export async function setOwnPassword(tx: Tx, actor: Actor, passwordHash: string): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(users.companyId, actor.companyId), eq(users.id, actor.id)));
  await endSessions(tx, { companyId: actor.companyId, userIds: [actor.id], exceptSessionId: actor.sessionId });
  await recordHistory(tx, actor, {
    event: 'userEdited',
    entity: 'user',
    entityId: actor.id,
    data: { name: actor.name, changed: {}, password_changed: true },
  });
}
