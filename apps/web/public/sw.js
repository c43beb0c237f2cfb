/*
 * The teacher's app offline (issue 24): the app shell and the data of today's lessons are kept, so the app opens
 * and the roll call works with no connection. Marks made offline are queued by the page itself
 * (features/attendance/offline-marks.ts), not here: the page shows them and what the server says of them.
 *
 * - The page (index.html) and the scripts it names are kept at install; every hashed asset the app loads later is
 *   kept as it passes (they never change: their name is their content).
 * - A navigation goes to the network first, and to the kept page when there is none.
 * - The reads the roll call needs (today's lessons, a group's attendance, the group, the company and branches)
 *   go to the network first and are kept; offline, the kept answer is given.
 * Sign-out asks to forget the kept data ({ type: 'forget-data' }), so the next person on the phone sees none.
 */
const SHELL = 'crm-shell-v1';
const DATA = 'crm-data-v1';
const KEPT_READS = [
  /^\/api\/v1\/lessons\/day$/,
  /^\/api\/v1\/group\/\d+$/,
  /^\/api\/v1\/group\/\d+\/attendance\/[\d-]+\/[\d-]+$/,
  /^\/api\/v1\/group\/\d+\/grades\/[\d-]+\/[\d-]+$/,
  /^\/api\/v1\/branch$/,
  /^\/api\/v1\/company\/\d+$/,
  /^\/api\/v1\/licence$/,
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      const page = await fetch('/', { cache: 'no-cache' });
      if (!page.ok) return;
      const html = await page.clone().text();
      await cache.put('/', page);
      const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
      await cache.addAll([...new Set(assets)]);
    })().then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== SHELL && name !== DATA) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'forget-data') event.waitUntil(caches.delete(DATA));
});

async function networkFirst(request, cacheName, key, keep = true) {
  try {
    const answer = await fetch(request);
    if (answer.ok && keep) await (await caches.open(cacheName)).put(key, answer.clone());
    return answer;
  } catch (error) {
    const kept = await (await caches.open(cacheName)).match(key);
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(request, answer.clone());
  return answer;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Every app address is the one page; the server's own pages (landing pages) are not kept as it.
    event.respondWith(networkFirst(request, SHELL, '/', !url.pathname.startsWith('/landing-page/')));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (KEPT_READS.some((path) => path.test(url.pathname))) {
    event.respondWith(networkFirst(request, DATA, url.pathname + url.search));
  }
});
