import { randomBytes } from 'node:crypto';
import { PUBLIC_PAGE_READS_PER_MINUTE, slugParamsSchema } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { spendOrRefuse } from '../../platform/request-rate.js';
import { PIXEL_BEACON, PIXEL_SCRIPT } from '../../platform/security-headers.js';
import { inCompany } from '../../platform/tenancy.js';
import { findCompanyBySubdomain } from '../company/service.js';
import { landingContent } from './landing-content.js';
import { escapeHtml, landingHtml } from './landing-html.js';
import { publishedLanding } from './landing-pages.js';

/** A minute in shared caches: a centre sees its change soon, and a burst of ad traffic is served once a minute. */
const LANDING_CACHE = 'public, max-age=60';

/** The app's CSP with this answer's nonce for the pixel's snippet and the pixel's own script and beacon. */
const landingCsp = (nonce: string) =>
  [
    "default-src 'self'",
    "base-uri 'self'",
    `script-src 'self' 'nonce-${nonce}' ${PIXEL_SCRIPT}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    `connect-src 'self' ${PIXEL_BEACON}`,
    "frame-src 'self'",
    "object-src 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join(';');

const notFoundPage = (text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>404</title></head><body style="font:16px system-ui;text-align:center;padding:64px 16px"><h1>404</h1>` +
  `<p>${escapeHtml(text)}</p></body></html>`;

/**
 * Spec §2 /landing-page/{slug}: the company of the subdomain's published page, rendered by the server. Outside
 * /api (it is a page, not a call) and ahead of the web app's catch-all.
 */
export default async function landingPageModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const visits = app.requestRate('landing-page', PUBLIC_PAGE_READS_PER_MINUTE);
  app.get(
    '/landing-page/:slug',
    { config: { access: 'public' }, schema: { hide: true, params: slugParamsSchema } },
    async (req, reply) => {
      await spendOrRefuse(visits, req.ip);
      const company = req.hostSubdomain ? await findCompanyBySubdomain(app.database.db, req.hostSubdomain) : undefined;
      const html =
        company && !company.disabled
          ? await inCompany(app.database.db, company.id, async (tx) => {
              const page = await publishedLanding(tx, company.id, req.params.slug.toLowerCase());
              if (!page) return null;
              const nonce = randomBytes(16).toString('base64');
              const content = await landingContent(tx, company.id, company.country, page.blocks);
              return { html: landingHtml(page, company, content, nonce), nonce };
            })
          : null;
      if (!html) return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage('Page not found'));
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', landingCsp(html.nonce))
        .header('cache-control', LANDING_CACHE)
        .send(html.html);
    },
  );
}
