// The page's service worker. tools/build_site.py writes VERSION and FILES (each file of the site
// with a hash of its bytes) above this line. Every file is kept under its hash: a new build keeps
// the files that did not change and fetches only the others; the page then works offline.

const CACHE = "duepa-check";
const SCOPE = new URL("./", self.location.href);

function keyFor(url) {
  const asked = new URL(url);
  if (asked.origin !== SCOPE.origin || !asked.pathname.startsWith(SCOPE.pathname)) return null;
  const path = asked.pathname.slice(SCOPE.pathname.length) || "index.html";
  const hash = FILES[path];
  return hash ? `${SCOPE.href}${path}?v=${hash}` : null;
}

// The page's own small files are kept when the worker installs (the page's first load came before
// the worker); the runtime and the wheels as the page first fetches them, through here. So the
// first visit fetches each file once, and the second works with the network off.
const FETCHED_BY_PAGE = ["pyodide/", "wheels/"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const path of Object.keys(FILES)) {
        if (FETCHED_BY_PAGE.some((folder) => path.startsWith(folder))) continue;
        const key = `${SCOPE.href}${path}?v=${FILES[path]}`;
        if (await cache.match(key)) continue; // unchanged since the build before: not fetched again
        const response = await fetch(`${SCOPE.href}${path}`, { cache: "no-cache" });
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        await cache.put(key, response);
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const wanted = new Set(Object.keys(FILES).map((path) => `${SCOPE.href}${path}?v=${FILES[path]}`));
      for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request);
      await self.clients.claim();
    })(),
  );
});

async function fromNetwork(request, key, cache) {
  const response = await fetch(request);
  if (response.ok && response.status === 200) await cache.put(key, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const key = keyFor(request.url);
  if (key === null) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      if (request.mode === "navigate") {
        // The page itself: the network's when there is one (a new build), else the kept copy.
        try {
          return await fromNetwork(request, key, cache);
        } catch (error) {
          const kept = await cache.match(key);
          if (kept) return kept;
          throw error;
        }
      }
      return (await cache.match(key)) || fromNetwork(request, key, cache);
    })(),
  );
});
