import { randomUUID } from 'node:crypto';
import type { LoginResponse, RoleId } from '@crm/contracts';
import type { Db, Tx } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { recordHistory } from '../../platform/history.js';
import { loadActor } from '../../platform/session.js';
import { inCompany } from '../../platform/tenancy.js';
import { SESSION_DAYS, type TokenService } from '../../platform/tokens.js';
import { loadMe } from './me.js';

export interface SessionStart {
  companyId: number;
  userId: number;
  roles: RoleId[];
  ip: string;
  userAgent: string | undefined;
  /** Runs first in the same transaction (the log-in forgives its counted failures). */
  before?: (tx: Tx) => Promise<void>;
}

/**
 * A new session of a user whose identity was proven (password, or the sign-up's handoff): its row, the
 * log-in in the history, and the answer of POST /auth/login with a token for it.
 */
export async function startSession(db: Db, tokens: TokenService, start: SessionStart): Promise<LoginResponse> {
  const { companyId, userId, roles } = start;
  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  const me = await inCompany(db, companyId, async (tx) => {
    await start.before?.(tx);
    await tx.insert(sessions).values({
      companyId,
      id: sessionId,
      userId,
      expiresAt,
      ip: start.ip,
      userAgent: start.userAgent?.slice(0, 300),
    });
    const { actor } = await loadActor(tx, { userId, companyId, sessionId, roles });
    await recordHistory(tx, actor, { event: 'userLoggedIn', entity: 'user', entityId: userId, data: { ip: start.ip } });
    return loadMe(tx, actor);
  });
  const accessToken = await tokens.sign({ userId, companyId, sessionId, roles }, expiresAt);
  return { access_token: accessToken, token_type: 'Bearer', expires_at: expiresAt.toISOString(), user: me };
}
