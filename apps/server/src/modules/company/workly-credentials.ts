import {
  companyDatasSchema,
  companyTimeZone,
  type WorklyCredentialsInput,
  type WorklyStoredCredentials,
  worklyStoredCredentialsSchema,
} from '@crm/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';

/**
 * The company's Workly credentials in `datas.workly` (spec §3 "integration credentials"). The company module
 * owns the companies table, so the Workly module reads and writes them only through these functions. They
 * leave the server only masked: not in an answer, not in the history, not in a log line.
 */

/** The credentials (null: not connected) and the company's time zone, whose clock Workly's times are in. */
export async function readWorklyCredentials(
  tx: Tx,
  companyId: number,
): Promise<{ credentials: WorklyStoredCredentials | null; timeZone: string }> {
  const [row] = await tx.select({ datas: companies.datas }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound();
  const datas = companyDatasSchema.parse(row.datas ?? {});
  return { credentials: datas.workly, timeZone: companyTimeZone(datas) };
}

/** What may be shown of saved credentials: enough to recognise them, nothing to use them. */
export function maskedWorklyCredentials(credentials: WorklyStoredCredentials | null) {
  return {
    configured: credentials !== null,
    client_id_masked: credentials ? maskTail(credentials.client_id) : null,
    username_masked: credentials ? maskLogin(credentials.username) : null,
    connected_at: credentials?.connected_at ?? null,
  };
}

/** PUT /workly/connection: enters or replaces the four credentials at once (none is ever shown back to edit). */
export async function saveWorklyCredentials(
  tx: Tx,
  actor: Actor,
  input: WorklyCredentialsInput,
  now: Date,
): Promise<WorklyStoredCredentials> {
  const credentials = worklyStoredCredentialsSchema.parse({ ...input, connected_at: now.toISOString() });
  await changeWorklyCredentials(tx, actor, credentials);
  return credentials;
}

/** DELETE /workly/connection. */
export async function removeWorklyCredentials(tx: Tx, actor: Actor): Promise<void> {
  await changeWorklyCredentials(tx, actor, null);
}

async function changeWorklyCredentials(tx: Tx, actor: Actor, next: WorklyStoredCredentials | null) {
  const [row] = await tx
    .select({ datas: companies.datas })
    .from(companies)
    .where(eq(companies.id, actor.companyId))
    .for('update');
  if (!row) throw notFound();
  const before = companyDatasSchema.parse(row.datas ?? {}).workly;
  if (!before && !next) return;
  // Merged in SQL like every settings save, so a concurrent change of another key is not lost.
  const datas = next
    ? sql`coalesce(${companies.datas}, '{}'::jsonb) || jsonb_build_object('workly', ${JSON.stringify(next)}::jsonb)`
    : sql`coalesce(${companies.datas}, '{}'::jsonb) - 'workly'`;
  await tx.update(companies).set({ datas }).where(eq(companies.id, actor.companyId));
  await recordHistory(tx, actor, {
    event: 'companySettingsChanged',
    entity: 'company',
    entityId: actor.companyId,
    data: { before: { workly: historyView(before) }, after: { workly: historyView(next) } },
  });
}

/** The history says that the credentials changed and which client they are, never what they are. */
const historyView = (credentials: WorklyStoredCredentials | null) => {
  const masked = maskedWorklyCredentials(credentials);
  return masked.configured ? { client_id: masked.client_id_masked, username: masked.username_masked } : null;
};

const HIDDEN = '•••';

/** `d63626d9…3b93` → `•••3b93`: the last four characters of a long id, nothing of a short one. */
function maskTail(value: string): string {
  return value.length >= 12 ? `${HIDDEN}${value.slice(-4)}` : HIDDEN;
}

/** `hr@centre.uz` → `h•••@centre.uz`; a log-in that is no e-mail keeps its first character only. */
function maskLogin(value: string): string {
  const at = value.lastIndexOf('@');
  return at > 0 ? `${value[0]}${HIDDEN}${value.slice(at)}` : `${value[0] ?? ''}${HIDDEN}`;
}
