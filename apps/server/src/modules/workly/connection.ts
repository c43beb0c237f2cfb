import type { WorklyConnection, WorklyCredentialsInput } from '@crm/contracts';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import {
  maskedWorklyCredentials,
  readWorklyCredentials,
  removeWorklyCredentials,
  saveWorklyCredentials,
} from '../company/workly-credentials.js';
import { worklyPoliciesOf } from './workly-context.js';

/**
 * GET, PUT, DELETE /workly/connection. The credentials are saved as given, without asking Workly first:
 * a mistyped one is reported by the first read (409 workly_credentials_rejected), which the page shows.
 */
export async function getWorklyConnection(tx: Tx, actor: Actor): Promise<WorklyConnection> {
  const { credentials } = await readWorklyCredentials(tx, actor.companyId);
  return { ...maskedWorklyCredentials(credentials), policies: worklyPoliciesOf(actor) };
}

export async function saveWorklyConnection(
  tx: Tx,
  actor: Actor,
  input: WorklyCredentialsInput,
  now: Date,
): Promise<WorklyConnection> {
  const saved = await saveWorklyCredentials(tx, actor, input, now);
  return { ...maskedWorklyCredentials(saved), policies: worklyPoliciesOf(actor) };
}

export async function removeWorklyConnection(tx: Tx, actor: Actor): Promise<WorklyConnection> {
  await removeWorklyCredentials(tx, actor);
  return { ...maskedWorklyCredentials(null), policies: worklyPoliciesOf(actor) };
}
