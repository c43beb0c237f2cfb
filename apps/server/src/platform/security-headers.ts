import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The public lead form (`/entry/…`) is made to be embedded in a centre's own site; nothing else is. */
const EMBEDDABLE = /^\/entry(\/|$)/;
/** The Facebook pixel a centre may put on its public forms and landing pages: its script and its beacon. */
export const PIXEL_SCRIPT = 'https://connect.facebook.net';
export const PIXEL_BEACON = 'https://www.facebook.com';
const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * Safe headers on every answer (issue 13 §4), through @fastify/helmet:
 * - a CSP the built app works under (the end-to-end suite runs with it): scripts and connections to this
 *   origin only (connections also to the telephony provider's WebSocket); styles also inline, because antd writes its component styles into <style> tags at run time;
 *   images also data: and blob: (logos chosen in a form, charts saved as pictures);
 * - no framing but by our own pages, except the embeddable lead form;
 * - nosniff, a strict referrer policy, no camera, microphone or geolocation for other origins' frames;
 * - HSTS only when the request came over HTTPS (set by `trustProxy` for a TLS-terminating proxy): on plain
 *   HTTP it would be ignored at best, and on `localhost` it would pin a developer's browser to HTTPS;
 * - `Cache-Control: no-store` on API answers: they hold a company's data and must not stay in a shared cache.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { telephonySocket }: { telephonySocket?: string } = {},
) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        // Lesson texts may show pictures by address (https only; the server's sanitiser keeps no other scheme).
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        // The call widget's SIP-over-WebSocket connection to the telephony provider (issue 22).
        'connect-src': ["'self'", ...(telephonySocket ? [cspSourceOfSocket(telephonySocket)] : [])],
        'media-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
        // A lesson's video link plays in its provider's player (contracts parseVideoLink: these two only).
        'frame-src': ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
      },
    },
    // frame-ancestors says it for browsers that read CSP; X-Frame-Options for the ones that do not.
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: false,
    // The embeddable form is loaded by other origins' pages.
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onSend', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    reply.header('permissions-policy', 'camera=(), geolocation=(), payment=(), usb=(), microphone=(self)');
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // A signed media link names one file for a few hours: the browser may keep it (a video is not fetched again).
    if (isApi(path) && !path.startsWith('/api/v1/media/')) reply.header('cache-control', 'no-store');
    if (EMBEDDABLE.test(path)) {
      reply.removeHeader('x-frame-options');
      const csp = reply.getHeader('content-security-policy');
      // The public forms load a centre's Facebook pixel when it set one (its script, and its beacon).
      if (typeof csp === 'string')
        reply.header(
          'content-security-policy',
          csp
            .replace(/frame-ancestors [^;]*/, 'frame-ancestors *')
            .replace(/script-src 'self'/, `script-src 'self' ${PIXEL_SCRIPT}`)
            .replace(/connect-src 'self'/, `connect-src 'self' ${PIXEL_BEACON}`),
        );
    }
  });
}

/**
 * ONLINEPBX_WS_URL as a CSP source: its scheme and port, and its host — any host where the address names the
 * account's domain (`{domain}`: every company has its own), since a CSP cannot name hosts that are not known yet.
 */
export function cspSourceOfSocket(template: string): string {
  const url = new URL(template.replace('{domain}', 'domain.invalid'));
  const host = template.includes('{domain}') ? '*' : url.hostname;
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
}
