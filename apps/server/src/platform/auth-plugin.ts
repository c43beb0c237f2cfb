import { randomUUID } from 'node:crypto';
import { type Access, CONSOLE, PUBLIC, passesAccess, SIGNED_IN } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db, Tx } from '../db/client.js';
import { companies } from '../db/schema/index.js';
import { type ConsoleCaller, consoleCallerOf } from '../modules/console/console-sessions.js';
import { assertLicenceAllows, licenceSettingsOf, standingOf } from '../modules/licence/licence-state.js';
import type { Actor } from './actor.js';
import { AppError, forbidden, unauthorized } from './errors.js';
import { subdomainOf } from './host.js';
import { type ActorRow, actorFromRow, actorQuery } from './session.js';
import { BACKGROUND_STATEMENT_TIMEOUT_MS, inCompanyAfter, REQUEST_STATEMENT_TIMEOUT_MS } from './tenancy.js';
import type { TokenClaims, TokenService } from './tokens.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: 'public', 'signedIn', an area of the spec §6 guard table, or { anyOf: areas }. */
    access?: Access;
    /**
     * 'export': a file built from many rows. Its transaction runs on the background connections with the
     * longer statement timeout, so slow exports queue among themselves, not before every other request.
     */
    work?: 'export';
    /** 'always': served when the licence has ended, so the centre can see and pay for it (modules/licence). */
    licence?: 'always';
  }
  interface FastifyInstance {
    /** Every route with its declared access, for the access tests and the docs. */
    routeAccess: RouteAccess[];
  }
  interface FastifyRequest {
    hostSubdomain: string | null;
    claims: TokenClaims | null;
    /** The platform console's account on routes of access 'console' (issue 16); null elsewhere. */
    consoleCaller: ConsoleCaller | null;
    /** Runs `work` in the caller's company transaction, as the freshly loaded caller. */
    tenant<T>(work: (tx: Tx, actor: Actor) => Promise<T>): Promise<T>;
  }
}

export interface AuthPluginOptions {
  database: Database;
  statementTimeoutMs?: number;
  tokens: TokenService;
  baseDomain: string;
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

/** Routes that belong to libraries (the OpenAPI UI) rather than to us. */
const isLibraryRoute = (url: string) => url.startsWith('/api/docs');

/**
 * Secure by default (STYLE.md 4): every route declares its access or the server
 * refuses to start. Token and role are checked before the body is validated, so an
 * anonymous or unauthorised caller learns nothing from validation messages.
 */
async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
  const { database, tokens, baseDomain } = options;
  const db = database.db;
  const requestTimeoutMs = options.statementTimeoutMs ?? REQUEST_STATEMENT_TIMEOUT_MS;
  const companyIds = new CompanyIdCache(db);

  app.decorate('routeAccess', [] as RouteAccess[]);
  app.addHook('onRoute', (route) => {
    if (isLibraryRoute(route.url)) {
      route.config = { ...route.config, access: PUBLIC };
      return;
    }
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`);
    // A file of many rows must not take the requests' connections (issue 13 §1): say it is an export.
    if (/export/i.test(route.url) && route.config?.work !== 'export') {
      throw new Error(`Route ${String(route.method)} ${route.url} builds an export: declare config.work 'export'`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeAccess.push({ method, url: route.url, access });
    }
  });

  app.decorateRequest('hostSubdomain', null);
  app.decorateRequest('claims', null);
  app.decorateRequest('consoleCaller', null);
  app.decorateRequest('tenant', function tenant<T>(this: FastifyRequest, work: (tx: Tx, actor: Actor) => Promise<T>) {
    const claims = this.claims;
    if (!claims) throw unauthorized();
    const { access, work: kind } = this.routeOptions.config;
    const exporting = kind === 'export';
    // A client that goes away (closes the tab, times out) has its statement cancelled, not left to run.
    const tag = `crm-${randomUUID()}`;
    const socket = this.raw.socket;
    const cancel = () => void database.cancel(tag);
    socket?.once('close', cancel);
    const method = this.method;
    const config = this.routeOptions.config;
    const now = this.server.clock();
    // Read before the transaction (cached): the platform's settings are on the owner connection.
    return licenceSettingsOf(db)
      .then((settings) =>
        inCompanyAfter(
          exporting ? database.background : db,
          claims.companyId,
          actorQuery(claims),
          async (tx, [row]) => {
            const { actor, licence } = actorFromRow(row as unknown as ActorRow | undefined, claims);
            if (access && !passesAccess(access, actor.roles)) throw forbidden();
            assertLicenceAllows(standingOf(licence, now, settings.grace_days), method, config);
            return work(tx, actor);
          },
          { tag, timeoutMs: exporting ? BACKGROUND_STATEMENT_TIMEOUT_MS : requestTimeoutMs },
        ),
      )
      .finally(() => socket?.off('close', cancel));
  });

  app.addHook('onRequest', async (req, reply) => {
    req.hostSubdomain = subdomainOf(req.headers.host, baseDomain);
    const access = req.routeOptions.config?.access ?? PUBLIC;
    if (access === PUBLIC) return;
    // The console's own token kind on its own host (modules/console); a centre's token never passes there.
    if (access === CONSOLE) {
      req.consoleCaller = await consoleCallerOf(db, req.headers.authorization, req.hostSubdomain);
      return;
    }

    const token = bearerToken(req.headers.authorization);
    const claims = token ? await tokens.verify(token) : undefined;
    if (!claims) throw unauthorized();
    if (req.hostSubdomain) {
      // A token of company A is refused on company B's host (ARCHITECTURE.md "Tenancy").
      const hostCompanyId = await companyIds.get(req.hostSubdomain);
      if (hostCompanyId !== claims.companyId) throw new AppError(401, 'token_company_mismatch');
    }
    if (access !== SIGNED_IN && !passesAccess(access, claims.roles)) throw forbidden();
    req.claims = claims;
    // The rest of this request's log (its completion line too, written through the reply's logger) says whose
    // it was (issue 23): ids only, never a name or a phone.
    req.log = req.log.child({ companyId: claims.companyId, userId: claims.userId });
    reply.log = req.log;
  });
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** Subdomain → company id; subdomains practically never change, so a short cache saves a query per request. */
class CompanyIdCache {
  private readonly entries = new Map<string, { id: number | null; until: number }>();
  constructor(
    private readonly db: Db,
    private readonly ttlMs = 60_000,
  ) {}

  async get(subdomain: string): Promise<number | null> {
    const hit = this.entries.get(subdomain);
    if (hit && hit.until > Date.now()) return hit.id;
    const [row] = await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.subdomain, subdomain))
      .limit(1);
    const id = row?.id ?? null;
    this.entries.set(subdomain, { id, until: Date.now() + this.ttlMs });
    return id;
  }
}

export default fp(authPlugin, { name: 'auth' });
