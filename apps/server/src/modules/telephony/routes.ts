import { telephonyRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { JOBS } from '../../platform/jobs/registry.js';
import { registerRoute } from '../../platform/route-table.js';
import { dispatchCallSyncs, syncAccountCalls } from './call-store.js';
import { callHistory } from './history.js';
import { ownLine, transferCall } from './own-line.js';
import { registerRecordingRoute } from './recording.js';
import { listExtensions, readVoipSettings, saveVoipSettings, saveVoipUsers } from './settings.js';

/** Issue 22: telephony through OnlinePBX — settings, the caller's own line, the call log and recordings. */
export default async function telephonyModule(app: FastifyInstance) {
  const r = telephonyRoutes;
  registerRoute(app, r.settings, (req) => req.tenant((tx, actor) => readVoipSettings(tx, actor.companyId)));
  registerRoute(app, r.saveSettings, (req, { body }) =>
    req.tenant((tx, actor) => saveVoipSettings(app, tx, actor, body)),
  );
  registerRoute(app, r.extensions, (req, { params }) =>
    req.tenant((tx, actor) => listExtensions(app, tx, actor, params.id)),
  );
  registerRoute(app, r.saveUsers, (req, { body }) => req.tenant((tx, actor) => saveVoipUsers(app, tx, actor, body)));
  registerRoute(app, r.me, (req) => req.tenant((tx, actor) => ownLine(app, tx, actor)));
  registerRoute(app, r.history, (req, { query }) =>
    req.tenant((tx, actor) => callHistory(app, tx, actor, app.clock(), query)),
  );
  registerRoute(app, r.transfer, (req, { body }) =>
    req.tenant((tx, actor) => transferCall(app, tx, actor, body.call_id, body.destination)),
  );
  registerRecordingRoute(app);
  app.jobs.handle(JOBS.telephonySyncDispatch, () => dispatchCallSyncs(app));
  app.jobs.handle(JOBS.telephonyCallSync, ({ companyId, accountId }) => syncAccountCalls(app, companyId, accountId));
}
