import type { Plugin } from 'vite';

/** The stylesheet links Vite writes into the built index.html for the entry's CSS. */
const STYLESHEET_LINK = /<link rel="stylesheet"( crossorigin)? href="([^"]+)">/g;

/**
 * Turns the entry's stylesheets (antd's components, ≈100 KB gzipped) from render-blocking links into
 * preloads: the browser fetches them at once, beside the scripts, but paints index.html's loading frame
 * without waiting for them. main.tsx applies them (`applyDeferredStyles`) before the first React render,
 * so no screen is ever drawn unstyled. An inline `onload` would do it without script, but the app's CSP
 * forbids inline handlers (`script-src-attr 'none'`).
 */
export function deferredStyles(): Plugin {
  return {
    name: 'crm-deferred-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          STYLESHEET_LINK,
          (_link, crossorigin = '', href) =>
            `<link rel="preload" as="style"${crossorigin} href="${href}" data-app-styles>`,
        ),
    },
  };
}
