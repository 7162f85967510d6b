// Kismat service worker (issue 16 item 7). Hand-written, no imports, served from / with
// Cache-Control: no-cache so a new version is found on the next visit.
//
// What it caches:
//   - the offline page and its files (precached at install);
//   - hashed build files under /assets/, cache-first: their names change with their content,
//     so a cached copy is never stale;
//   - the site's own icons and images (names without a hash): the cached copy at once, and
//     a fresh one fetched behind it for next time.
// What it never caches (network only, never stored):
//   - anything under the API prefixes below: answers with balances, sessions and money in them;
//   - pages (navigations) themselves: always from the network; when that fails, the offline page;
//   - other origins and every method but GET.
const VERSION = 'v1';
const SHELL_CACHE = `kismat-shell-${VERSION}`;
const ASSET_CACHE = `kismat-assets-${VERSION}`;
const OFFLINE_URL = '/offline.html';
const SHELL_FILES = [OFFLINE_URL, '/offline.css', '/offline.js', '/icons/icon.svg', '/manifest.webmanifest', '/icons/icon-192.png'];
/** The server's API surface (apps/server/src/platform/web-static.ts API_PREFIXES), the back office and its API. */
const NETWORK_ONLY_PREFIXES = ['/wps', '/lgw', '/lotto', '/vendor-api', '/admin-api', '/admin', '/api', '/docs', '/healthz', '/ws'];
const HASHED_PREFIX = '/assets/';
const UNHASHED_PREFIXES = ['/icons/', '/images/'];
/** Old hashed files are dropped beyond this many entries (oldest first). */
const ASSET_CACHE_LIMIT = 300;

function startsWithPrefix(pathname, prefix) {
  return pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

function isNetworkOnly(url) {
  return NETWORK_ONLY_PREFIXES.some((prefix) => startsWithPrefix(url.pathname, prefix));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL_FILES.map((file) => new Request(file, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== SHELL_CACHE && name !== ASSET_CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

async function trimAssets() {
  const cache = await caches.open(ASSET_CACHE);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - ASSET_CACHE_LIMIT)).map((key) => cache.delete(key)));
}

async function fetchAndStore(request) {
  const response = await fetch(request);
  // Only whole, same-origin, successful answers (never a partial or an error page).
  if (response.status === 200 && response.type === 'basic') {
    const copy = response.clone();
    caches
      .open(ASSET_CACHE)
      .then((cache) => cache.put(request, copy))
      .then(trimAssets)
      .catch(() => undefined);
  }
  return response;
}

async function cacheFirst(request) {
  return (await caches.match(request)) ?? fetchAndStore(request);
}

async function cachedThenRefreshed(request, event) {
  const cached = await caches.match(request);
  const fresh = fetchAndStore(request);
  if (!cached) return fresh;
  event.waitUntil(fresh.catch(() => undefined));
  return cached;
}

/** The offline page's own files: the network when there is one, else the precached copy. */
async function networkThenShell(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(request, { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}

async function pageOrOffline(request) {
  try {
    return await fetch(request);
  } catch {
    const offline = await caches.match(OFFLINE_URL);
    return offline ?? new Response('Offline', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isNetworkOnly(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageOrOffline(request));
    return;
  }
  if (url.pathname.startsWith(HASHED_PREFIX)) event.respondWith(cacheFirst(request));
  else if (SHELL_FILES.includes(url.pathname)) event.respondWith(networkThenShell(request));
  else if (UNHASHED_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) event.respondWith(cachedThenRefreshed(request, event));
});
