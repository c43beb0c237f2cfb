/**
 * Applies the stylesheets the build turned into preloads (vite-plugins/deferred-styles.ts) and resolves
 * once they are in force. In development Vite injects styles itself and there is nothing to wait for. A
 * stylesheet that fails to load does not keep the app from starting: an unstyled screen beats a spinner
 * that never ends.
 */
export function applyDeferredStyles(doc: Document = document): Promise<void> {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][data-app-styles]')];
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = doc.createElement('link');
          sheet.rel = 'stylesheet';
          sheet.href = preload.href;
          if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
          sheet.addEventListener('load', () => resolve());
          sheet.addEventListener('error', () => resolve());
          doc.head.append(sheet);
        }),
    ),
  ).then(() => undefined);
}
