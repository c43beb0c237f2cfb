import { companyDatasSchema, DEFAULT_CALL_COUNTRY_CODE, type VoipMe } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { accountFor, askProvider, clientOf, extensionOf } from './pbx-access.js';

/** The caller's own line: his SIP credentials for the browser (spec §6, §7), and his call transfer. */

export async function callCountryCode(tx: Tx, companyId: number): Promise<string> {
  const [row] = await tx.select({ datas: companies.datas }).from(companies).where(eq(companies.id, companyId));
  return companyDatasSchema.parse(row?.datas ?? {}).onlinepbx_country_code ?? DEFAULT_CALL_COUNTRY_CODE;
}

/**
 * GET /voip/me. Only the caller's own extension, only when mapped and allowed to call from a browser
 * (user/get.json's webrtc): its password comes from the provider each time and is never stored by us.
 */
export async function ownLine(app: FastifyInstance, tx: Tx, actor: Actor): Promise<VoipMe> {
  const country_code = await callCountryCode(tx, actor.companyId);
  const mapped = await extensionOf(tx, actor.companyId, actor.id);
  if (!mapped) {
    const account = await accountFor(tx, actor.companyId, actor.branchIds[0] ?? null);
    return { configured: account !== null, country_code, sip: null };
  }
  const extensions = await askProvider(() => clientOf(app, mapped.account).users());
  const own = extensions.find((e) => e.num === mapped.extension);
  const password = typeof own?.webrtc === 'string' && own.webrtc !== '' && own.webrtc !== '0' ? own.webrtc : null;
  if (!own || password === null) return { configured: true, country_code, sip: null };
  const wsUrl = app.telephony.config!.wsUrl.replace('{domain}', mapped.account.domain);
  return {
    configured: true,
    country_code,
    sip: {
      ws_url: wsUrl,
      uri: `sip:${mapped.extension}@${mapped.account.domain}`,
      extension: mapped.extension,
      password,
      display_name: actor.name,
    },
  };
}

/** POST /call/transfer: the caller's call to another extension of his account. */
export async function transferCall(app: FastifyInstance, tx: Tx, actor: Actor, callId: string, destination: string) {
  const mapped = await extensionOf(tx, actor.companyId, actor.id);
  if (!mapped) throw new AppError(403, 'voip_not_mapped');
  await askProvider(() => clientOf(app, mapped.account).transfer(callId, destination));
  return { ok: true as const };
}
