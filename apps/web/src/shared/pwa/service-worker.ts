/**
 * Issue 24: the service worker (public/sw.js) keeps the app shell and today's lessons for the teacher's app to
 * open offline. Only in a build: the development server's modules change at every save and must not be kept.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Not installable here (an old browser, a private window): the app works online as before.
    });
  });
}

/** Sign-out: the next person on this phone must not find the last one's lessons and students kept. */
export function forgetKeptData(): void {
  navigator.serviceWorker?.controller?.postMessage({ type: 'forget-data' });
}
