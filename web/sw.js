// Parlour's service worker: the whole site kept in one cache, so a second
// visit starts without downloading the game again and the game opens with
// no network at all. scripts/web-build.sh writes a hash of the built files
// over the version below, so every new build gets a new cache and the old
// one is deleted once the new one is in place, and the list of the files it
// built (not their .br and .gz copies: the browser asks for a file, the
// server picks the encoding, and the cache keeps what the browser unpacked).
"use strict";

const VERSION = "__PARLOUR_VERSION__";
const CACHE = "parlour-" + VERSION;
const FILES = [
  __PARLOUR_FILES__
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // Checked with the server (a 304 when the page just loaded it): the
      // files of this build, never an older copy from the HTTP cache.
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("parlour-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === "navigate") {
    // The page, whatever its query (?kiosk&demo=rummy): this build's
    // index.html; the network only if the cache has lost it.
    event.respondWith(
      caches
        .open(CACHE)
        .then((cache) => cache.match("./index.html"))
        .then((hit) => hit || fetch(request)),
    );
    return;
  }

  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request)),
  );
});
