import { CONSOLE_SUBDOMAIN, consoleRoutes } from '@crm/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, unauthorized } from '../../platform/errors.js';
import { spendOrRefuse } from '../../platform/request-rate.js';
import { registerRoute } from '../../platform/route-table.js';
import { type ConsoleActing, changeSmsLimit, extendLicence, setCompanyDisabled } from './console-actions.js';
import { listConsoleAudit } from './console-audit.js';
import { listConsoleCompanies } from './console-companies.js';
import { updateLicenceSettings } from './console-licence-settings.js';
import { consoleLogin, consoleLogout } from './console-login.js';
import { listMerchants, updateMerchant } from './console-merchants.js';
import { deleteTariff, listConsoleTariffs, setTariff } from './console-tariffs.js';
import { readLicenceSettings } from './licence-settings.js';
import { asPlatform } from './platform-db.js';
import {
  cspWithSupportChat,
  readPlatformSettings,
  supportChatOf,
  updatePlatformSettings,
} from './platform-settings.js';

/** The support chat's settings are read by every page load: 60 a minute per address is plenty. */
const SUPPORT_CHAT_PER_MINUTE = 60;

/** The account the door (auth-plugin.ts, access 'console') let in. */
function actingOf(app: FastifyInstance, req: FastifyRequest): ConsoleActing {
  if (!req.consoleCaller) throw unauthorized();
  return { caller: req.consoleCaller, ip: req.ip, now: app.clock() };
}

/** The console's routes (issue 16): thin, each one service call on the owner connection. */
async function consoleRoutesPlugin(app: FastifyInstance) {
  const db = app.database.db;
  registerRoute(app, consoleRoutes.login, (req, { body }) => {
    // Public (nobody is signed in yet), but the console's only: from a centre's host it does not exist.
    if (req.hostSubdomain !== CONSOLE_SUBDOMAIN) throw new AppError(404, 'route_not_found');
    return consoleLogin(db, body, req.ip, app.clock());
  });
  registerRoute(app, consoleRoutes.logout, async (req) => {
    const acting = actingOf(app, req);
    await consoleLogout(db, acting.caller, acting.ip);
    return { ok: true as const };
  });
  registerRoute(app, consoleRoutes.me, async (req) => {
    const { caller } = actingOf(app, req);
    return { id: caller.id, login: caller.login, name: caller.name };
  });
  registerRoute(app, consoleRoutes.listCompanies, (req, { query }) => {
    const acting = actingOf(app, req);
    return asPlatform(db, (tx) => listConsoleCompanies(tx, query, acting.now));
  });
  registerRoute(app, consoleRoutes.disableCompany, (req, { params, body }) =>
    setCompanyDisabled(db, actingOf(app, req), params.id, true, body),
  );
  registerRoute(app, consoleRoutes.enableCompany, (req, { params, body }) =>
    setCompanyDisabled(db, actingOf(app, req), params.id, false, body),
  );
  registerRoute(app, consoleRoutes.extendLicence, (req, { params, body }) =>
    extendLicence(db, actingOf(app, req), params.id, body),
  );
  registerRoute(app, consoleRoutes.changeSmsLimit, (req, { params, body }) =>
    changeSmsLimit(db, actingOf(app, req), params.id, body),
  );
  registerRoute(app, consoleRoutes.audit, (req, { query }) => {
    actingOf(app, req);
    return asPlatform(db, (tx) => listConsoleAudit(tx, query));
  });
  registerRoute(app, consoleRoutes.settings, (req) => {
    actingOf(app, req);
    return asPlatform(db, readPlatformSettings);
  });
  registerRoute(app, consoleRoutes.updateSettings, (req, { body }) =>
    updatePlatformSettings(db, actingOf(app, req), body),
  );
  registerRoute(app, consoleRoutes.listTariffs, (req, { query }) => {
    actingOf(app, req);
    return asPlatform(db, (tx) => listConsoleTariffs(tx, query));
  });
  registerRoute(app, consoleRoutes.setTariff, (req, { body }) => setTariff(db, actingOf(app, req), body));
  registerRoute(app, consoleRoutes.deleteTariff, (req, { params }) => deleteTariff(db, actingOf(app, req), params.id));
  registerRoute(app, consoleRoutes.licenceSettings, (req) => {
    actingOf(app, req);
    return asPlatform(db, readLicenceSettings);
  });
  registerRoute(app, consoleRoutes.updateLicenceSettings, (req, { body }) =>
    updateLicenceSettings(db, actingOf(app, req), body),
  );
  registerRoute(app, consoleRoutes.merchants, (req) => {
    actingOf(app, req);
    return asPlatform(db, listMerchants);
  });
  registerRoute(app, consoleRoutes.updateMerchant, (req, { params, body }) =>
    updateMerchant(db, actingOf(app, req), params.provider, body),
  );

  const rate = app.requestRate('support-chat', SUPPORT_CHAT_PER_MINUTE);
  registerRoute(app, consoleRoutes.supportChat, async (req) => {
    await spendOrRefuse(rate, req.ip);
    return supportChatOf(db);
  });
}

/**
 * Registered like every module (app.ts), but not encapsulated: besides its routes (under the prefix given),
 * it lets the configured support chat's origin into the pages' Content-Security-Policy, which the web
 * module's answers need and which an encapsulated plugin's hook would not reach.
 */
async function consoleModule(app: FastifyInstance, options: { prefix?: string }) {
  app.addHook('onSend', async (req, reply) => {
    const csp = reply.getHeader('content-security-policy');
    const path = req.url.split('?')[0] ?? '/';
    if (typeof csp !== 'string' || path === '/api' || path.startsWith('/api/')) return;
    reply.header('content-security-policy', cspWithSupportChat(csp, await supportChatOf(app.database.db)));
  });
  await app.register(consoleRoutesPlugin, { prefix: options.prefix });
}

export default fp(consoleModule, { name: 'console' });
