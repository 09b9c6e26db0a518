// The web page's test in a real browser: headless Chromium (software WebGL)
// drives the page that scripts/web-build.sh left in target/web, with touch
// input only, the way a tablet would. Run it through scripts/web-test.sh,
// which installs what it needs.
//
// Per window size (1280×800, 800×1280, then a phone's 390×844) and device
// pixel ratio (1, 2, then 3), in a fresh browser profile:
//   1. the title: the three game cards are on screen (pixels, not just a
//      non-blank canvas); the canvas has a pixel for each device pixel (so
//      the game is drawn sharp), and the cards lie where they lie at ratio 1
//      in CSS pixels (the same layout at every ratio);
//   2. Neighbours: a tap on its card's Play, Start on the set-up screen
//      (against the set-up's default bot), then a token dragged from the
//      hand to a cell where it may go;
//   3. a reload: the title offers Continue; a tap on it brings back the
//      same board: the same cells taken, the same digit on each and on
//      each token of the hand, in its order;
//      in the first window only: a second tab says the table is open in
//      another tab and writes nothing; a real panic (the page's
//      `crash-in-play` query) reloads the page and the title still offers
//      Continue; the third crash within two minutes stops the reloading;
//      with the page's storage full (every write throws
//      QuotaExceededError) a move is played, the bot replies and one line
//      says the match is not being saved, kept while saving fails; a
//      garbled saved match is named on the title and its bytes kept under
//      another key;
//   4. offline (server stopped, browser offline): the page still starts,
//      its .wasm from the service worker's cache;
//   5. the functions the game calls on the page run; the kiosk's closed
//      screen reopens Parlour on a 3-second press;
//   the loading bar counts the whole .wasm, and the sounds of step 2 are
//   heard: a tap on the page's audio output (an AnalyserNode beside its
//   destination) sees samples above silence, its AudioContext running
//   after the first touch;
//   6. no error in the console or the page, all along.
// Before those, once per language (a browser set to fr-FR, da-DK, en-GB):
// the loading screen, with the .wasm held back, speaks the player's
// language from the page's own HTML, then its bar fills as the .wasm
// arrives (screenshots target/web-test/loading-fr.png and so on). Then,
// once, the page at 390×844×3 with its device-pixel probe never answered
// (a busy machine, a page drawn in the background): still laid out whole;
// and the screen's wake lock: none on the idle title, taken in attract
// mode, taken again when the page is shown after being hidden.
// Prints `web test: N passed, M failed` last; exits 1 on any failure.
// Screenshots go to target/web-test/, named by screen, size and ratio
// (title-390x844@2x.png), at the device's resolution; the test reads the
// screen in CSS pixels, where a tap lands. The ratio is Chromium's emulated
// deviceScaleFactor, as in its device mode; with --real-ratio it is the
// browser's own, as on a device.
//
//   node scripts/web-test.mjs [--site DIR] [--sizes 1280x800,800x1280,390x844]
//                             [--ratios 1,2,3] [--real-ratio] [--title-only]

import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tools = path.join(root, "target/web-tools");
const require = createRequire(path.join(tools, "package.json"));
const { chromium } = require("playwright-core");
const { PNG } = require("pngjs");

// --- options -----------------------------------------------------------------
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const SITE = path.resolve(option("--site", path.join(root, "target/web")));
const OUT = path.join(root, "target/web-test");
const SIZES = option("--sizes", process.env.PARLOUR_WEB_TEST_SIZES || "1280x800,800x1280,390x844")
  .split(",")
  .map((s) => s.trim().split("x").map(Number));
const RATIOS = option("--ratios", process.env.PARLOUR_WEB_TEST_RATIOS || "1,2,3")
  .split(",")
  .map((s) => Number(s.trim()));
const TITLE_ONLY = args.includes("--title-only");
// The ratio as the browser's own (a real device's) rather than emulated:
// Chromium then reports devicePixelContentBoxSize in device pixels.
const REAL_RATIO = args.includes("--real-ratio");
const CHROMIUM = process.env.PARLOUR_WEB_TEST_CHROMIUM || "/usr/bin/chromium";
// Headless, software WebGL, nothing fetched beside the page.
const BROWSER_ARGS = ["--headless=new", "--enable-unsafe-swiftshader", "--use-angle=swiftshader", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic"];

// --- times (software WebGL on two cores is slow) ------------------------------
const TITLE_TIMEOUT = 180_000; // navigation to the first drawn title
const SCREEN_TIMEOUT = 60_000; // one screen to the next after a tap
const SETTLE_TIMEOUT = 90_000; // the bot's reply, the board at rest
const FRAME = 120; // ms between touch events: a few frames at software speed

// --- colours (src/ui/theme.rs), each a predicate on [r, g, b] ------------------
const near = (c, [r, g, b], t) => Math.abs(c[0] - r) <= t[0] && Math.abs(c[1] - g) <= t[1] && Math.abs(c[2] - b) <= t[2];
const COLOURS = {
  // The title's cards and the Continue banner: IVORY (253, 249, 239).
  card: (c) => c[0] >= 244 && c[1] >= 238 && c[2] >= 222 && c[0] - c[2] <= 34,
  // Play, Start, Continue: the warm yellow of the main buttons (242, 190, 102).
  button: (c) => near(c, [242, 190, 102], [20, 24, 32]),
  // The Neighbours board's frame: WOOD (139, 98, 59).
  wood: (c) => near(c, [139, 98, 59], [20, 20, 20]),
  // A token: IVORY or white, brighter than any cell (CELL is 238, 227, 204).
  token: (c) => Math.min(c[0], c[1], c[2]) >= 236,
  // A cell where the token being dragged may go: LEGAL (143, 222, 143).
  legal: (c) => near(c, [143, 222, 143], [30, 25, 30]),
};

// --- pictures ------------------------------------------------------------------
const decode = (buffer) => PNG.sync.read(buffer);
// The screen as the test reads it: one pixel per CSS pixel, at any ratio.
const look = async (page) => decode(await page.screenshot({ scale: "css" }));
const pixel = (img, x, y) => {
  const i = (img.width * Math.round(y) + Math.round(x)) * 4;
  return [img.data[i], img.data[i + 1], img.data[i + 2]];
};

// Connected regions of pixels that satisfy `is`, on a grid of `step` pixels:
// each with its box, pixel count (in full pixels), centre and how much of its
// box it fills.
function regions(img, is, { step = 2, box = null } = {}) {
  const x0 = box ? Math.max(0, Math.floor(box.x0)) : 0;
  const y0 = box ? Math.max(0, Math.floor(box.y0)) : 0;
  const x1 = box ? Math.min(img.width, Math.ceil(box.x1)) : img.width;
  const y1 = box ? Math.min(img.height, Math.ceil(box.y1)) : img.height;
  const w = Math.ceil((x1 - x0) / step);
  const h = Math.ceil((y1 - y0) / step);
  const mask = new Uint8Array(w * h);
  for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) mask[j * w + i] = is(pixel(img, x0 + i * step, y0 + j * step)) ? 1 : 0;
  const found = [];
  const stack = [];
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== 1) continue;
    mask[start] = 2;
    stack.push(start);
    let n = 0, minI = w, minJ = h, maxI = 0, maxJ = 0, sumI = 0, sumJ = 0;
    while (stack.length) {
      const k = stack.pop();
      const i = k % w, j = (k - i) / w;
      n++; sumI += i; sumJ += j;
      if (i < minI) minI = i; if (i > maxI) maxI = i;
      if (j < minJ) minJ = j; if (j > maxJ) maxJ = j;
      for (const [di, dj] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const a = i + di, b = j + dj;
        if (a < 0 || b < 0 || a >= w || b >= h) continue;
        const q = b * w + a;
        if (mask[q] === 1) { mask[q] = 2; stack.push(q); }
      }
    }
    const r = {
      x0: x0 + minI * step, y0: y0 + minJ * step,
      x1: x0 + (maxI + 1) * step, y1: y0 + (maxJ + 1) * step,
      area: n * step * step,
      cx: x0 + (sumI / n + 0.5) * step, cy: y0 + (sumJ / n + 0.5) * step,
    };
    r.w = r.x1 - r.x0; r.h = r.y1 - r.y0; r.fill = r.area / (r.w * r.h);
    found.push(r);
  }
  return found;
}
const inside = (p, r) => p.cx >= r.x0 && p.cx <= r.x1 && p.cy >= r.y0 && p.cy <= r.y1;
// Reading order: rows first (within a tolerance), then left to right.
const readingOrder = (a, b) => (Math.abs(a.cy - b.cy) > Math.min(a.h, b.h) / 2 ? a.cy - b.cy : a.cx - b.cx);

// The title: its cards (the three games' and, after a match was left, the
// Continue banner) and its main buttons. Adjust here if the title changes.
function readTitle(img) {
  const screen = img.width * img.height;
  const ivory = regions(img, COLOURS.card, { step: 2 }).filter((r) => r.area >= 0.012 * screen && r.fill >= 0.5);
  const cards = ivory.filter((r) => r.w >= 150 && r.h >= 150).sort(readingOrder);
  const buttons = regions(img, COLOURS.button, { step: 2 })
    .filter((r) => r.w >= 60 && r.h >= 26 && r.fill >= 0.7)
    .sort(readingOrder);
  const plays = cards.map((card) => buttons.find((b) => inside(b, card)) || null);
  const loose = buttons.filter((b) => !cards.some((card) => inside(b, card)));
  return { cards, buttons, plays, continueButton: loose[0] || null };
}
const titleShowsGames = (t) => t.cards.length === 3;
// The title back after a reload: on a phone the Continue banner pushes the
// last game below the fold (the list scrolls), so two games with their Play.
const titleIsUp = (t) => titleShowsGames(t) || (t.cards.length >= 2 && t.plays.filter(Boolean).length >= 2);
const describeCards = (t) => t.cards.map((c) => `(${c.x0},${c.y0})-(${c.x1},${c.y1})`).join(" ");

// The Neighbours board: the wood frame, its cells found by scanning for the
// gaps of wood between them, and which cells hold a token.
function readBoard(img) {
  const screen = img.width * img.height;
  const frame = regions(img, COLOURS.wood, { step: 3 })
    .filter((r) => r.area >= 0.04 * screen)
    .sort((a, b) => b.area - a.area)[0];
  if (!frame) return null;
  const runs = (points) => {
    const out = [];
    let start = null;
    points.forEach((p, k) => {
      const cell = !COLOURS.wood(pixel(img, p[0], p[1]));
      if (cell && start === null) start = k;
      if ((!cell || k === points.length - 1) && start !== null) {
        const end = cell ? k : k - 1;
        if (end - start >= 8) out.push([start, end]);
        start = null;
      }
    });
    return out;
  };
  const midY = Math.round((frame.y0 + frame.y1) / 2);
  const across = [];
  for (let x = frame.x0; x < frame.x1; x++) across.push([x, midY]);
  const firstCol = runs(across)[0];
  if (!firstCol) return null;
  const colX = frame.x0 + Math.round((firstCol[0] + firstCol[1]) / 2);
  const down = [];
  for (let y = frame.y0; y < frame.y1; y++) down.push([colX, y]);
  const rows = runs(down).map(([a, b]) => [frame.y0 + a, frame.y0 + b]);
  if (!rows.length) return null;
  const rowY = Math.round((rows[0][0] + rows[0][1]) / 2);
  const along = [];
  for (let x = frame.x0; x < frame.x1; x++) along.push([x, rowY]);
  const cols = runs(along).map(([a, b]) => [frame.x0 + a, frame.x0 + b]);
  const cells = rows.map(([ya, yb], row) =>
    cols.map(([xa, xb], col) => {
      const c = { row, col, x0: xa, y0: ya, x1: xb, y1: yb, cx: (xa + xb) / 2, cy: (ya + yb) / 2 };
      let bright = 0, all = 0;
      for (let y = ya + (yb - ya) * 0.15; y < yb - (yb - ya) * 0.15; y += 2)
        for (let x = xa + (xb - xa) * 0.15; x < xb - (xb - xa) * 0.15; x += 2) {
          all++;
          if (COLOURS.token(pixel(img, x, y))) bright++;
        }
      c.token = bright / all >= 0.2;
      return c;
    }),
  );
  const pitch = cols.length > 1 ? (cols[cols.length - 1][0] - cols[0][0]) / (cols.length - 1) : frame.w;
  // The hand: tokens outside the frame, about a cell in size.
  const hand = regions(img, COLOURS.token, { step: 2 })
    .filter((r) => !inside(r, frame) && r.w >= pitch * 0.5 && r.w <= pitch * 2 && Math.abs(r.w - r.h) <= 0.3 * r.w && r.fill >= 0.5)
    .sort(readingOrder);
  return { frame, rows: rows.length, cols: cols.length, cells, pitch, hand, occupied: cells.flat().filter((c) => c.token).map((c) => `${c.row},${c.col}`) };
}
const boardKey = (b) => (b ? b.occupied.join(" ") : "none");

// Pixels of a region that differ noticeably between two screenshots.
function differing(a, b, r) {
  let diff = 0, all = 0;
  for (let y = r.y0; y < r.y1; y += 2)
    for (let x = r.x0; x < r.x1; x += 2) {
      all++;
      const p = pixel(a, x, y), q = pixel(b, x, y);
      if (Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) > 60) diff++;
    }
  return diff / all;
}

// A token's digit: the ink's pixels (INK, 37, 34, 33: dark and grey, not
// the last move's blue) in the middle of its box, relative to the box.
function inkIn(img, r) {
  const out = [];
  const [x0, y0] = [Math.round(r.x0 + (r.x1 - r.x0) * 0.12), Math.round(r.y0 + (r.y1 - r.y0) * 0.12)];
  const [x1, y1] = [Math.round(r.x1 - (r.x1 - r.x0) * 0.12), Math.round(r.y1 - (r.y1 - r.y0) * 0.12)];
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const p = pixel(img, x, y);
      if (Math.max(p[0], p[1], p[2]) < 100 && Math.max(p[0], p[1], p[2]) - Math.min(p[0], p[1], p[2]) < 30) out.push([x - x0, y - y0]);
    }
  return out;
}
// Whether two tokens show the same digit: nearly every ink pixel of each
// has ink within a pixel of it in the other (a 3 inside an 8 is not an 8).
function sameDigit(a, b) {
  if (!a.length || !b.length) return a.length === b.length;
  const covered = (from, to) => {
    const set = new Set(to.map(([x, y]) => `${x},${y}`));
    return from.filter(([x, y]) => [-1, 0, 1].some((dx) => [-1, 0, 1].some((dy) => set.has(`${x + dx},${y + dy}`)))).length / from.length;
  };
  return Math.min(covered(a, b), covered(b, a)) >= 0.9;
}
// The digits that differ between two pictures of the same board: on each
// cell holding a token, and on each token of the hand in reading order.
function digitsDiffer(imgA, boardA, imgB, boardB) {
  const out = [];
  boardA.cells.flat().filter((c) => c.token).forEach((c) => {
    const d = boardB.cells[c.row]?.[c.col];
    if (!d || !sameDigit(inkIn(imgA, c), inkIn(imgB, d))) out.push(`cell ${c.row},${c.col}`);
  });
  if (boardA.hand.length !== boardB.hand.length) out.push(`${boardA.hand.length} tokens in hand before, ${boardB.hand.length} after`);
  else boardA.hand.forEach((t, k) => { if (!sameDigit(inkIn(imgA, t), inkIn(imgB, boardB.hand[k]))) out.push(`hand token ${k + 1}`); });
  return out;
}

// --- the results ---------------------------------------------------------------
let passed = 0, failed = 0;
const notes = [];
function check(name, ok, detail = "") {
  if (ok) passed++; else failed++;
  console.log(`${ok ? "ok  " : "FAIL"}  ${name}${detail ? ` — ${detail}` : ""}`);
  return ok;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// --- the server: python's http.server, its log read for what was fetched -------
async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}
async function serve(dir) {
  const port = await freePort();
  const proc = spawn("python3", ["-u", "-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", dir], { stdio: ["ignore", "pipe", "pipe"] });
  const log = [];
  const take = (d) => { for (const line of d.toString().split("\n")) if (line.includes('"GET ')) log.push(line); };
  proc.stdout.on("data", take);
  proc.stderr.on("data", take);
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(url)).ok) break; } catch { /* not up yet */ }
    await sleep(100);
  }
  log.length = 0;
  return {
    url, log,
    // Requests for a path answered with the file itself (200), not a 304.
    fetched: (file) => log.filter((l) => l.includes(`GET /${file}`) && / 200 /.test(l)).length,
    stop: () => new Promise((r) => { if (proc.exitCode !== null || proc.signalCode !== null) return r(); proc.on("exit", r); proc.kill("SIGTERM"); }),
  };
}

// --- touch, through the DevTools protocol --------------------------------------
function touch(cdp) {
  const point = (x, y) => [{ x, y, id: 1, radiusX: 6, radiusY: 6, force: 1 }];
  const send = (type, x, y) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : point(x, y) });
  return {
    // A finger's quick tap: down and up 50 ms apart.
    async tap(x, y) {
      await send("touchStart", x, y); await sleep(50);
      await send("touchEnd"); await sleep(FRAME);
    },
    async down(x, y) { await send("touchStart", x, y); await sleep(FRAME); },
    async move(from, to, steps = 10) {
      for (let k = 1; k <= steps; k++) {
        await send("touchMove", from[0] + ((to[0] - from[0]) * k) / steps, from[1] + ((to[1] - from[1]) * k) / steps);
        await sleep(FRAME / 2);
      }
      await sleep(FRAME);
    },
    async up() { await send("touchEnd"); await sleep(FRAME); },
  };
}

// --- the loading screen -----------------------------------------------------------
// What a first visit shows before the .wasm has arrived, for a browser set
// to `locale`: the page's own words in the player's language (`lang`), a
// progress bar, and nothing of the game yet. The .wasm is held back until
// the screenshot is taken, then let through: the bar fills and the game
// takes the loading screen down.
const LOADING_WORDS = { fr: "Chargement de Parlour…", da: "Indlæser Parlour…", en: "Loading Parlour…" };
async function loadingScreen(lang, locale) {
  console.log(`\n== loading screen, ${locale} ==`);
  const server = await serve(SITE);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "parlour-web-test-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...BROWSER_ARGS, `--lang=${locale}`],
    locale,
    viewport: { width: 800, height: 600 },
  });
  const errors = [];
  try {
    const page = context.pages()[0] || (await context.newPage());
    page.on("pageerror", (e) => errors.push(`page: ${e.message}`));
    let release;
    const held = new Promise((r) => { release = r; });
    let asked = false;
    await page.route("**/parlour_bg.wasm", async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto(server.url, { waitUntil: "domcontentloaded", timeout: TITLE_TIMEOUT });
    await page.waitForFunction(() => document.querySelector("#loading-line") !== null, null, { timeout: 30_000 });
    for (let i = 0; i < 100 && !asked; i++) await sleep(100);
    const before = await page.evaluate(() => ({
      line: document.querySelector("#loading-line").textContent,
      lang: document.documentElement.lang,
      visible: !document.querySelector("#loading").hidden && !document.querySelector("#loading").classList.contains("done"),
      bar: document.querySelector("#bar").getAttribute("aria-valuenow"),
      languages: navigator.languages.join(","),
    }));
    await page.screenshot({ path: path.join(OUT, `loading-${lang}.png`) });
    check(`loading screen in ${locale}: shown in ${lang} while the .wasm is on its way`,
      asked && before.visible && before.lang === lang && before.line === LOADING_WORDS[lang],
      `"${before.line}" (lang ${before.lang}, browser's ${before.languages}), shown: ${before.visible}, .wasm asked for: ${asked}, bar at ${before.bar} %`);
    release();
    let after = null;
    try {
      await page.waitForFunction(() => document.querySelector("#bar").getAttribute("aria-valuenow") === "100", null, { timeout: TITLE_TIMEOUT, polling: 200 });
      after = await page.evaluate(() => ({
        line: document.querySelector("#loading-line").textContent,
        amount: document.querySelector("#loading-amount").textContent,
      }));
    } catch { /* reported below */ }
    check(`loading screen in ${locale}: the bar fills as the .wasm arrives`, !!after && /MB$/.test(after.amount),
      after ? `"${after.line}", ${after.amount}` : "the bar never reached 100 %");
    check(`loading screen in ${locale}: no error on the page`, errors.length === 0, errors.join("; "));
  } finally {
    await context.close();
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

// --- a late answer to the page's device-pixel probe ------------------------------
// The page asks the browser, with a hidden probe, whether it reports a
// canvas's device pixels honestly, and waits a second for the answer. On
// a busy machine, or for a page drawn in the background, the answer can
// come late. Here it never comes (the probe's ResizeObserver is held; the
// canvas's is not): the page must still lay the game out at full size, a
// pixel of the canvas for each device pixel, at a phone's ratio of 3.
async function lateProbe() {
  const [width, height, ratio] = [390, 844, 3];
  console.log(`\n== the device-pixel probe unanswered, ${width}x${height}@${ratio}x ==`);
  const server = await serve(SITE);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "parlour-web-test-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: BROWSER_ARGS,
    viewport: { width, height }, screen: { width, height }, deviceScaleFactor: ratio, hasTouch: true, isMobile: true,
  });
  await context.addInitScript(() => {
    const observe = ResizeObserver.prototype.observe;
    ResizeObserver.prototype.observe = function (target, options) {
      if (target instanceof HTMLCanvasElement) return observe.call(this, target, options);
      window.parlourProbeHeld = (window.parlourProbeHeld || 0) + 1;
    };
  });
  const errors = [];
  try {
    const page = context.pages()[0] || (await context.newPage());
    page.on("pageerror", (e) => errors.push(`page: ${e.message}`));
    await page.goto(server.url, { waitUntil: "load", timeout: TITLE_TIMEOUT });
    const ready = await page.waitForFunction(() => window.parlourReadyAt !== undefined, null, { timeout: TITLE_TIMEOUT, polling: 500 })
      .then(() => true, () => false);
    await sleep(1000); // the canvas's size settles a frame after the first
    const canvas = await page.evaluate(() => {
      const c = document.querySelector("#parlour");
      return { held: window.parlourProbeHeld || 0, css: [c.clientWidth, c.clientHeight], drawn: [c.width, c.height] };
    });
    await page.screenshot({ path: path.join(OUT, `title-probe-unanswered-${width}x${height}@${ratio}x.png`) });
    const sharp = [0, 1].every((k) => Math.abs(canvas.drawn[k] - canvas.css[k] * ratio) <= 1);
    check(`probe unanswered: the canvas still has a pixel for each device pixel`, ready && canvas.held > 0 && sharp,
      `probe held ${canvas.held} time(s); canvas ${canvas.drawn.join("×")} for ${canvas.css.join("×")} CSS pixels${ready ? "" : "; no first frame"}`);
    check(`probe unanswered: no error on the page`, errors.length === 0, errors.join("; "));
  } finally {
    await context.close();
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

// --- the screen kept on in attract mode -----------------------------------------
// The Screen Wake Lock, stood in for (headless Chromium grants none) by a
// lock that counts its requests, and a page whose visibility the test sets:
// the idle title asks for none; attract mode asks for it; hidden, the
// browser lets it go, and shown again the page asks for it again.
async function wakeLock() {
  const [width, height] = [1280, 800];
  console.log(`\n== the screen kept on in attract mode, ${width}x${height} ==`);
  const server = await serve(SITE);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "parlour-web-test-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: BROWSER_ARGS,
    viewport: { width, height }, screen: { width, height }, deviceScaleFactor: 1, hasTouch: true,
  });
  await context.addInitScript(() => {
    const locks = { requests: 0, released: 0, held: null };
    window.parlourLocks = locks;
    const sentinel = () => {
      const listeners = [];
      const lock = {
        type: "screen", released: false,
        addEventListener: (type, f) => { if (type === "release") listeners.push(f); },
        release: () => {
          if (!lock.released) { lock.released = true; locks.released++; listeners.forEach((f) => f()); }
          return Promise.resolve();
        },
      };
      return lock;
    };
    Object.defineProperty(navigator, "wakeLock", {
      configurable: true,
      value: { request: () => { locks.requests++; locks.held = sentinel(); return Promise.resolve(locks.held); } },
    });
    let state = "visible";
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => state !== "visible" });
    window.parlourSetVisible = (visible) => {
      state = visible ? "visible" : "hidden";
      if (!visible && locks.held) locks.held.release();
      document.dispatchEvent(new Event("visibilitychange"));
    };
  });
  const errors = [];
  try {
    const page = context.pages()[0] || (await context.newPage());
    page.on("pageerror", (e) => errors.push(`page: ${e.message}`));
    const requests = () => page.evaluate(() => window.parlourLocks.requests);
    const requested = (n) => page.waitForFunction((n) => window.parlourLocks.requests >= n, n, { timeout: 60_000, polling: 250 })
      .then(() => true, () => false);
    await page.goto(server.url, { waitUntil: "load", timeout: TITLE_TIMEOUT });
    await page.waitForFunction(() => window.parlourReadyAt !== undefined, null, { timeout: TITLE_TIMEOUT, polling: 500 }).catch(() => {});
    await sleep(3000);
    const idle = await requests();
    check("wake lock: the idle title lets the screen sleep", idle === 0, `${idle} request(s)`);
    await page.goto(server.url + "?demo=neighbours", { waitUntil: "load", timeout: TITLE_TIMEOUT });
    const taken = await requested(1);
    check("wake lock: attract mode keeps the screen on", taken, `${await requests()} request(s)`);
    await page.evaluate(() => window.parlourSetVisible(false));
    await sleep(1000);
    const whileHidden = await requests();
    await page.evaluate(() => window.parlourSetVisible(true));
    const again = await requested(whileHidden + 1);
    check("wake lock: taken again when the page is shown again", taken && again && whileHidden === 1,
      `${whileHidden} request(s) while hidden, ${await requests()} once shown again`);
    check("wake lock: no error on the page", errors.length === 0, errors.join("; "));
  } finally {
    await context.close();
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

// --- one window size -------------------------------------------------------------
// The title's cards at ratio 1, per window size, in CSS pixels.
const layoutAtRatio1 = new Map();

async function pass(width, height, ratio) {
  const size = `${width}x${height}@${ratio}x`;
  console.log(`\n== ${size} ==`);
  const server = await serve(SITE);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "parlour-web-test-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...BROWSER_ARGS, ...(REAL_RATIO ? [`--force-device-scale-factor=${ratio}`] : [])],
    viewport: { width, height },
    screen: { width, height },
    deviceScaleFactor: ratio,
    hasTouch: true,
    isMobile: false,
  });
  // This device has been offered each game's lesson already (the offer
  // comes once, on a game's first Play): Play leads to the set-up, the
  // match this test plays.
  await context.addInitScript(() => {
    const key = "parlour/settings.json";
    if (localStorage.getItem(key) === null) {
      localStorage.setItem(key, JSON.stringify({ lessons_offered: ["neighbours", "paper-boxing", "rummy"] }));
    }
  });
  // A tap on the page's sound: whatever is connected to an AudioContext's
  // output is connected to an AnalyserNode too, read every 20 ms for the
  // loudest sample since the page opened.
  await context.addInitScript(() => {
    const heard = { contexts: 0, peak: 0, loud: 0, state: null };
    window.parlourHeard = heard;
    const connect = AudioNode.prototype.connect;
    const taps = new WeakMap();
    AudioNode.prototype.connect = function (target, ...rest) {
      const result = connect.call(this, target, ...rest);
      try {
        if (target instanceof AudioDestinationNode) {
          const ctx = this.context;
          let tap = taps.get(ctx);
          if (!tap) {
            tap = ctx.createAnalyser();
            tap.fftSize = 2048;
            const mute = ctx.createGain();
            mute.gain.value = 0;
            connect.call(tap, mute);
            connect.call(mute, ctx.destination);
            taps.set(ctx, tap);
            heard.contexts++;
            const samples = new Float32Array(tap.fftSize);
            setInterval(() => {
              heard.state = ctx.state;
              tap.getFloatTimeDomainData(samples);
              let peak = 0;
              for (const v of samples) peak = Math.max(peak, Math.abs(v));
              heard.peak = Math.max(heard.peak, peak);
              if (peak > 0.01) heard.loud++;
            }, 20);
          }
          connect.call(this, tap);
        }
      } catch (e) { /* the tap is the test's, never the page's failure */ }
      return result;
    };
  });
  const errors = [];
  const page = context.pages()[0] || (await context.newPage());
  page.on("console", (m) => { if (m.type() === "error") errors.push(`console: ${m.text()}`); });
  page.on("pageerror", (e) => errors.push(`page: ${e.message}`));
  page.on("crash", () => errors.push("page: crashed"));
  const wasmResponses = [];
  page.on("response", (r) => {
    if (r.url().endsWith("/parlour_bg.wasm")) wasmResponses.push({ fromServiceWorker: r.fromServiceWorker(), status: r.status(), length: Number(r.headers()["content-length"] || 0) });
  });
  const cdp = await context.newCDPSession(page);
  const finger = touch(cdp);
  // Taps a button by touch and waits for `effect` (a reading of the screen).
  const tapFor = async (label, x, y, effect, timeout = SCREEN_TIMEOUT) => {
    await finger.tap(x, y);
    const r = await until(effect, timeout);
    check(`${size}: a touch tap on ${label} works`, !!r.got, r.got ? "" : `no effect at (${Math.round(x)}, ${Math.round(y)})`);
    return r;
  };
  // Kept at the device's resolution, to be looked at; read in CSS pixels.
  const shot = async (name) => {
    await page.screenshot({ path: path.join(OUT, `${name}-${size}.png`) });
    return look(page);
  };
  // Screenshots until `read` returns something truthy, or the time is up.
  const until = async (read, timeout, every = 1000) => {
    const end = Date.now() + timeout;
    for (;;) {
      const img = await look(page);
      const got = read(img);
      if (got) return { img, got };
      if (Date.now() > end) return { img, got: null };
      await sleep(every);
    }
  };
  const readyAt = async (timeout) => {
    try {
      await page.waitForFunction(() => window.parlourReadyAt !== undefined || !document.querySelector("#failed").hidden, null, { timeout, polling: 500 });
    } catch { return null; }
    const failedText = await page.evaluate(() => (document.querySelector("#failed").hidden ? null : document.querySelector("#failed").textContent));
    if (failedText) { errors.push(`page: error line shown: ${failedText.trim()}`); return null; }
    return page.evaluate(() => window.parlourReadyAt);
  };
  const wasmEntry = () => page.evaluate(() => {
    const e = performance.getEntriesByType("resource").find((r) => r.name.endsWith("/parlour_bg.wasm"));
    return e ? { transferSize: e.transferSize, encodedBodySize: e.encodedBodySize, workerStart: e.workerStart > 0 } : null;
  });

  try {
    // 1. The title.
    await page.goto(server.url, { waitUntil: "load", timeout: TITLE_TIMEOUT });
    const ready = await readyAt(TITLE_TIMEOUT);
    check(`${size}: the game draws its first frame`, ready !== null, ready !== null ? `parlourReady() at ${Math.round(ready)} ms` : "parlourReady() never called");
    const first = await until((img) => titleShowsGames(readTitle(img)) && readTitle(img), 30_000);
    await shot("title");
    const title = first.got || readTitle(first.img);
    check(`${size}: the title shows the three game cards`, titleShowsGames(title), `cards ${describeCards(title)}; Play buttons ${title.plays.filter(Boolean).length}`);
    // A pixel of the canvas for each pixel of the screen: the game's window
    // is the page's CSS size times the ratio, not the CSS size stretched.
    const canvas = await page.evaluate(() => {
      const c = document.querySelector("#parlour");
      return { ratio: window.devicePixelRatio, css: [c.clientWidth, c.clientHeight], drawn: [c.width, c.height] };
    });
    const sharp = canvas.ratio === ratio && [0, 1].every((k) => Math.abs(canvas.drawn[k] - canvas.css[k] * ratio) <= 1);
    check(`${size}: the canvas has a pixel for each device pixel`, sharp,
      `devicePixelRatio ${canvas.ratio}; canvas ${canvas.drawn.join("×")} for ${canvas.css.join("×")} CSS pixels`);
    if (titleShowsGames(title)) {
      const key = `${width}x${height}`;
      if (ratio === 1) layoutAtRatio1.set(key, title.cards);
      const before = layoutAtRatio1.get(key);
      if (before && ratio !== 1) {
        const moved = Math.max(...title.cards.flatMap((c, k) => ["x0", "y0", "x1", "y1"].map((e) => Math.abs(c[e] - before[k][e]))));
        check(`${size}: the title's cards lie where they do at ratio 1`, moved <= 4, `cards ${describeCards(title)}; at ratio 1 ${describeCards({ cards: before })}; ${moved} CSS pixels apart at most`);
      }
    }
    const loadingBar = await page.evaluate(() => ({
      now: document.querySelector("#bar").getAttribute("aria-valuenow"),
      amount: document.querySelector("#loading-amount").textContent,
      lang: document.documentElement.lang,
    }));
    check(`${size}: the loading bar counted the whole .wasm`, loadingBar.now === "100" && /MB$/.test(loadingBar.amount),
      `at ${loadingBar.now} %, "${loadingBar.amount}" (page language ${loadingBar.lang})`);
    const soundBefore = await page.evaluate(() => ({ ...window.parlourHeard }));
    const firstWasm = await wasmEntry();
    const coldBytes = wasmResponses[0]?.length || firstWasm?.encodedBodySize || 0;
    notes.push(`${size}: first visit: title drawn ${ready !== null ? Math.round(ready) : "?"} ms after navigation; .wasm ${coldBytes} bytes over the network`);
    if (TITLE_ONLY) return;

    // The service worker has the site before anything else goes on.
    const controlled = await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller !== null, null, { timeout: 60_000 }).then(() => true, () => false);
    check(`${size}: the service worker controls the page`, controlled);

    // 2. Neighbours against the bot.
    let placedBoard = null, placedImg = null;
    const play = title.plays[0];
    if (check(`${size}: the Neighbours card has a Play button`, !!play, play ? `at (${Math.round(play.cx)}, ${Math.round(play.cy)})` : "")) {
      const setup = await tapFor("Play", play.cx, play.cy, (img) => {
        const t = readTitle(img);
        return !titleShowsGames(t) && t.buttons.length > 0 && t.buttons.sort((a, b) => b.area - a.area)[0];
      });
      await shot("setup");
      if (check(`${size}: Play opens the set-up, with a Start button`, !!setup.got, setup.got ? `Start at (${Math.round(setup.got.cx)}, ${Math.round(setup.got.cy)})` : "")) {
        // The board, with a hand to play or no move to make (a Pass).
        const game = await tapFor("Start", setup.got.cx, setup.got.cy, (img) => { const b = readBoard(img); return b && (b.hand.length > 0 || passButton(img, b)) && b.occupied.length > 0 && b; });
        await shot("game");
        const board = game.got;
        if (check(`${size}: Start opens the Neighbours board`, !!board, board ? `${board.rows}×${board.cols} cells, ${board.hand.length} tokens in hand, occupied ${boardKey(board)}` : "")) {
          const placed = await placeToken(page, finger, board, until, tapFor);
          await shot("placed");
          if (check(`${size}: a token dragged from the hand lands on the board`, !!placed, placed ? `at cell ${placed.cell}` : "no drag was taken")) {
            const rest = await settle(until);
            // The token's knock and the bot's: heard once a touch let the
            // page's sound start.
            const sound = await page.evaluate(() => ({ ...window.parlourHeard }));
            check(`${size}: the moves' sounds are heard, after the first touch`, sound.contexts > 0 && sound.state === "running" && sound.peak > 0.05,
              `${sound.contexts} audio context(s), ${soundBefore.state || "none"} before the first touch, ${sound.state} after; loudest sample ${sound.peak.toFixed(3)} of full scale, ${sound.loud} reads above silence`);
            placedBoard = rest.board;
            placedImg = rest.img;
            await shot("before-reload");
          }
        }
      }
    }

    // 3. Reload: Continue brings the same board back.
    if (placedBoard) {
      const wasmBefore = server.fetched("parlour_bg.wasm");
      await page.reload({ waitUntil: "load", timeout: TITLE_TIMEOUT });
      const again = await readyAt(TITLE_TIMEOUT);
      const back = await until((img) => { const t = readTitle(img); return titleIsUp(t) && t.continueButton && t; }, 30_000);
      await shot("title-continue");
      const entry = await wasmEntry();
      notes.push(`${size}: second visit: title drawn ${again !== null ? Math.round(again) : "?"} ms after navigation; .wasm transferSize ${entry ? entry.transferSize : "?"}, from the service worker: ${wasmResponses.at(-1)?.fromServiceWorker}`);
      check(`${size}: a second visit does not download the .wasm again`, server.fetched("parlour_bg.wasm") === wasmBefore && wasmResponses.at(-1)?.fromServiceWorker === true,
        `server sent it ${server.fetched("parlour_bg.wasm") - wasmBefore} more time(s); from the service worker: ${wasmResponses.at(-1)?.fromServiceWorker}`);
      if (check(`${size}: after a reload the title offers Continue`, !!back.got, back.got ? `at (${Math.round(back.got.continueButton.cx)}, ${Math.round(back.got.continueButton.cy)})` : "")) {
        const restored = await tapFor("Continue", back.got.continueButton.cx, back.got.continueButton.cy, (img) => { const b = readBoard(img); return b && b.occupied.length > 0 && b; });
        await sleep(2000);
        const img = await shot("restored");
        const board = readBoard(img);
        const diff = board ? differing(placedImg, img, placedBoard.frame) : 1;
        check(`${size}: Continue brings back the same position`, !!restored.got && board && boardKey(board) === boardKey(placedBoard) && diff < 0.05,
          `before ${boardKey(placedBoard)}; after ${boardKey(board)}; ${(diff * 100).toFixed(1)} % of the board's pixels differ`);
        const differ = board ? digitsDiffer(placedImg, placedBoard, img, board) : ["no board"];
        check(`${size}: Continue brings back the same digits, on the board and in the hand, in order`, differ.length === 0,
          differ.length ? differ.join("; ") : `${placedBoard.occupied.length} tokens on the board and ${placedBoard.hand.length} in hand read alike`);
      }
    } else {
      check(`${size}: reload and Continue`, false, "not reached");
    }

    // 3b and 3c, in the first window only (each costs minutes of software
    // drawing): a second tab, then a real crash.
    if (placedBoard && width === SIZES[0][0] && height === SIZES[0][1] && ratio === RATIOS[0]) {
      await secondTab(context, page, server, size);
      await storageFull(page, finger, server, size, readyAt, until, tapFor);
      await crashes(page, finger, server, size, errors, readyAt, until, shot);
      await brokenSave(page, server, size, readyAt);
    }

    // 4. Offline: the server stopped and the browser offline.
    await server.stop();
    await context.setOffline(true);
    const before = wasmResponses.length;
    await page.goto(server.url + "?offline", { waitUntil: "load", timeout: TITLE_TIMEOUT }).catch((e) => errors.push(`page: offline navigation: ${e.message}`));
    const offline = await readyAt(TITLE_TIMEOUT);
    const offlineTitle = await until((img) => titleIsUp(readTitle(img)) && readTitle(img), 30_000);
    await shot("offline");
    check(`${size}: offline, the page still starts`, offline !== null && !!offlineTitle.got, offline !== null ? `title drawn ${Math.round(offline)} ms after navigation` : "");
    const fromWorker = wasmResponses.slice(before);
    check(`${size}: offline, the .wasm comes from the service worker's cache`, fromWorker.length > 0 && fromWorker.every((r) => r.fromServiceWorker && r.status === 200),
      JSON.stringify(fromWorker));

    // The page's functions for the game: safe to call, and the kiosk's
    // closed screen reopens Parlour on a 3-second press.
    const hooks = await page.evaluate(async () => {
      try {
        window.parlourWakeLock(true);
        window.parlourWakeLock(false);
        window.parlourPersist();
        window.parlourClosed();
        await new Promise((r) => setTimeout(r, 200));
        return !document.querySelector("#closed").hidden ? "closed" : "open";
      } catch (e) {
        return "threw " + e;
      }
    });
    check(`${size}: the page's functions run, and parlourClosed() shows the closed screen`, hooks === "closed", hooks);
    await shot("closed");
    const reopened = page.waitForEvent("load", { timeout: 30_000 }).then(() => true, () => false);
    await finger.down(width / 2, height / 2);
    await sleep(3600);
    await finger.up();
    check(`${size}: a 3-second press on the closed screen reopens Parlour`, await reopened && (await readyAt(TITLE_TIMEOUT)) !== null);
    await context.setOffline(false);
  } catch (e) {
    check(`${size}: the test ran to its end`, false, e.stack || String(e));
  } finally {
    // 6. The console.
    const counted = [...new Set(errors)].map((e) => { const n = errors.filter((f) => f === e).length; return n > 1 ? `${e} (×${n})` : e; });
    check(`${size}: no error in the console or the page`, errors.length === 0, counted.length ? `\n    ${counted.slice(0, 30).join("\n    ")}` : "");
    await context.close().catch(() => {});
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

// The page's storage, every key and its value, in one string.
const storedOf = (page) => page.evaluate(() =>
  JSON.stringify(Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k)])));

// 3b. Two tabs: while the first holds a match, a second tab of the same site
// says the table is held elsewhere, in one line, and writes nothing to the
// page's storage (it would write over the first one's match).
async function secondTab(context, page, server, size) {
  const before = await storedOf(page);
  const second = await context.newPage();
  try {
    await second.goto(server.url, { waitUntil: "load", timeout: TITLE_TIMEOUT });
    const said = await second.waitForFunction(() => {
      const line = document.querySelector("#failed");
      return !line.hidden && line.textContent.trim();
    }, null, { timeout: 60_000, polling: 500 }).then((h) => h.jsonValue(), () => null);
    await second.screenshot({ path: path.join(OUT, `second-tab-${size}.png`) });
    // Time for a page that did start to write its settings and saves.
    await sleep(5000);
    const drew = await second.evaluate(() => window.parlourReadyAt !== undefined);
    check(`${size}: a second tab says the table is open in another tab`, !!said && /another tab/.test(said) && !drew,
      said ? `"${said}"${drew ? "; and it started the game too" : ""}` : "no line shown");
    const after = await storedOf(page);
    check(`${size}: the second tab writes nothing to the page's storage`, before === after,
      before === after ? `${JSON.parse(before).length} keys as they were` : `storage changed: ${before.length} → ${after.length} characters`);
  } finally {
    await second.close();
  }
}

// The words the page's probe (`?probe`) says are on screen, each
// [text, x0, y0, x1, y1] in egui points.
const probeTexts = (page) => page.evaluate(() => {
  try { return JSON.parse(window.parlourProbe || "{}").texts || []; } catch { return []; }
});

// 3b'. Storage full: every write of the page's storage throws
// QuotaExceededError (as Safari's private windows and a full quota do). A
// move then puts one line on screen, in the page's own words, and play goes
// on; the line stays while saving fails (after the bot's reply too).
async function storageFull(page, finger, server, size, readyAt, until, tapFor) {
  await page.goto(server.url + "?probe", { waitUntil: "load", timeout: TITLE_TIMEOUT });
  if ((await readyAt(TITLE_TIMEOUT)) === null) return check(`${size}: storage full: the page starts`, false);
  const title = await until((img) => { const t = readTitle(img); return titleIsUp(t) && t.continueButton; }, 30_000);
  if (!title.got) return check(`${size}: storage full: the title offers Continue`, false);
  const game = await tapFor("Continue", title.got.cx, title.got.cy, (img) => { const b = readBoard(img); return b && b.hand.length > 0 && b; });
  if (!game.got) return;
  const before = (await settle(until)).board || game.got;
  await page.evaluate(() => {
    const set = Storage.prototype.setItem;
    window.parlourFullWrites = 0;
    Storage.prototype.setItem = function (key, value) {
      if (String(key).startsWith("parlour/")) {
        window.parlourFullWrites++;
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      }
      return set.call(this, key, value);
    };
  });
  const placed = await placeToken(page, finger, before, until, tapFor);
  const line = async () => (await probeTexts(page)).find(([t]) => t.startsWith("This match is not being saved"));
  let first = null;
  for (let k = 0; k < 20 && !first; k++) {
    first = await line();
    if (!first) await sleep(500);
  }
  const after = await settle(until);
  await page.screenshot({ path: path.join(OUT, `storage-full-${size}.png`) });
  const kept = await line();
  const writes = await page.evaluate(() => window.parlourFullWrites);
  const moved = after.board ? after.board.occupied.length - before.occupied.length : 0;
  check(`${size}: storage full: a move is played and the bot replies`, !!placed && moved >= 2,
    `${moved} more tokens on the board; ${writes} writes refused`);
  const oneLine = (l) => l && !l[0].includes("\n") && l[4] - l[2] < 50;
  check(`${size}: storage full: one line on screen says so, in the page's words`,
    !!first && oneLine(first) && first[0].includes("this browser’s storage for Parlour is full"),
    first ? `"${first[0]}", ${Math.round(first[3] - first[1])}×${Math.round(first[4] - first[2])} points` : "no such line");
  check(`${size}: storage full: the line stays while saving fails`, !!kept && oneLine(kept), kept ? "still shown after the bot's move" : "gone");
}

// 3d. A broken entry in the page's storage (the saved match garbled): the
// title says so in the page's words and the entry is set aside under
// another key with its bytes, never lost. Run last: it spoils the save.
async function brokenSave(page, server, size, readyAt) {
  const keys = await page.evaluate(() => Object.keys(localStorage));
  const save = keys.find((k) => /^parlour\/saves\/[^/]+\.json$/.test(k));
  if (!check(`${size}: broken save: the match is in the page's storage`, !!save, keys.join(", "))) return;
  const garbage = "{ this is not a match";
  await page.evaluate(([k, g]) => localStorage.setItem(k, g), [save, garbage]);
  await page.goto(server.url + "?probe", { waitUntil: "load", timeout: TITLE_TIMEOUT });
  await readyAt(TITLE_TIMEOUT);
  let said = null;
  for (let k = 0; k < 40 && !said; k++) {
    said = (await probeTexts(page)).find(([t]) => t.startsWith("A saved match in this browser could not be read"));
    if (!said) await sleep(500);
  }
  await page.screenshot({ path: path.join(OUT, `broken-save-${size}.png`) });
  const aside = await page.evaluate(([k, g]) => ({
    original: localStorage.getItem(k),
    copies: Object.keys(localStorage).filter((key) => key.startsWith(k + ".broken-") && localStorage.getItem(key) === g),
  }), [save, garbage]);
  check(`${size}: broken save: the title says it was set aside, in the page's words`, !!said, said ? `"${said[0]}"` : "no such words");
  check(`${size}: broken save: its bytes are kept under another key`, aside.copies.length === 1 && aside.original !== garbage,
    `${save}: ${aside.original === null ? "gone" : "still there"}; set aside as ${aside.copies.join(", ") || "nothing"}`);
}

// 3c. A real panic (the page's `crash-in-play` query makes the game panic
// whenever a match comes on screen): the page reloads and the title still
// offers Continue, the match as saved after its last move; the third crash
// within two minutes stops the reloading with the reason in one line.
async function crashes(page, finger, server, size, errors, readyAt, until, shot) {
  const errorsBefore = errors.length;
  const continueOn = async () => {
    if ((await readyAt(TITLE_TIMEOUT)) === null) return null;
    const r = await until((img) => { const t = readTitle(img); return titleIsUp(t) && t.continueButton; }, 30_000);
    return r.got;
  };
  await page.goto(server.url + "?crash-in-play", { waitUntil: "load", timeout: TITLE_TIMEOUT });
  let button = await continueOn();
  const reloads = [];
  for (let crash = 1; crash <= 3 && button; crash++) {
    const reloaded = page.waitForEvent("load", { timeout: 60_000 }).then(() => true, () => false);
    await finger.tap(button.cx, button.cy);
    if (crash < 3) {
      reloads.push(await reloaded);
      button = await continueOn();
      await shot(`after-crash-${crash}`);
      check(`${size}: after crash ${crash} the page reloads and the title offers Continue`, reloads.at(-1) && !!button,
        reloads.at(-1) ? (button ? "Continue on the title" : "no Continue") : "the page did not reload");
    }
  }
  const stopped = await page.waitForFunction(() => {
    const line = document.querySelector("#failed");
    return !line.hidden && line.textContent.trim();
  }, null, { timeout: 60_000, polling: 500 }).then((h) => h.jsonValue(), () => null);
  await sleep(2500); // a reload would have come by now
  const stillStopped = await page.evaluate(() => !document.querySelector("#failed").hidden).catch(() => false);
  await page.screenshot({ path: path.join(OUT, `crash-loop-${size}.png`) });
  check(`${size}: the third crash stops the reloading, with the reason in one line`,
    !!stopped && stillStopped && /restarted too often/.test(stopped) && !stopped.trim().includes("\n"),
    stopped ? `"${stopped}"` : "no line shown");
  // What the panics wrote to the console was asked for: not the page's fault.
  const asked = errors.splice(errorsBefore);
  notes.push(`${size}: the crash test's own console lines: ${asked.length}, e.g. ${asked[0] || "none"}`);
}

// The game's "No move — you must pass" with its Pass button, or null: a
// button on the notice's ivory card, over the board or the hand's tray
// below it (not the tray's "x +10" chip, of the same yellow on the tray).
function passButton(img, board) {
  const box = { x0: 0, y0: board.frame.y0, x1: img.width, y1: img.height };
  return regions(img, COLOURS.button, { step: 2, box })
    .filter((r) => r.w >= 80 && r.h >= 30 && r.fill >= 0.7 && r.w > 1.6 * r.h)
    .filter((r) => COLOURS.card(pixel(img, Math.max(0, r.x0 - 8), Math.round(r.cy))))[0] || null;
}

// Drags a token from the hand to a cell where it may go, passing first
// when the game says there is no move (the bots then play until it is
// this seat's turn again). Returns { cell } or null.
async function placeToken(page, finger, board, until, tapFor) {
  for (let round = 0; round < 6; round++) {
    const img = await look(page);
    const now = readBoard(img) || board;
    const pass = passButton(img, now);
    if (pass) {
      await tapFor("Pass", pass.cx, pass.cy, (shot) => { const b = readBoard(shot); return b && !passButton(shot, b) && b; });
      await settle(until);
      continue;
    }
    const placed = await dragToken(page, finger, now, until);
    if (placed) return placed;
    const after = await look(page);
    if (!passButton(after, readBoard(after) || now)) return null;
  }
  return null;
}

// One try with the hand as it is. While a token is held the game may mark
// the cells where it can go (LEGAL); if none shows, each empty cell beside a
// token is tried in turn.
async function dragToken(page, finger, board, until) {
  const key = (c) => `${c.row},${c.col}`;
  const landed = async (cell) => {
    const r = await until((img) => { const b = readBoard(img); return b && b.occupied.includes(key(cell)) && b; }, 5000, 500);
    return !!r.got;
  };
  for (const token of board.hand) {
    const from = [token.cx, token.cy];
    const lifted = [token.cx, token.cy - board.pitch * 0.6];
    await finger.down(...from);
    await finger.move(from, lifted, 4);
    await sleep(600);
    const img = await look(page);
    const legal = regions(img, COLOURS.legal, { step: 2, box: board.frame }).filter((r) => r.w >= board.pitch * 0.4 && r.h >= board.pitch * 0.4);
    const target = legal.map((r) => board.cells.flat().find((c) => inside(r, c))).find((c) => c && !c.token);
    if (target) {
      await finger.move(lifted, [target.cx, target.cy], 12);
      await sleep(300);
      await finger.up();
      if (await landed(target)) return { cell: key(target) };
    } else {
      await finger.move(lifted, from, 4);
      await finger.up();
    }
  }
  // No marks seen: try the empty cells beside the tokens, one by one.
  const cells = board.cells;
  const candidates = cells.flat().filter((c) => !c.token && [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dr, dc]) => cells[c.row + dr]?.[c.col + dc]?.token));
  for (const token of board.hand) {
    for (const cell of candidates) {
      const from = [token.cx, token.cy];
      await finger.down(...from);
      await finger.move(from, [cell.cx, cell.cy], 14);
      await sleep(300);
      await finger.up();
      if (await landed(cell)) return { cell: key(cell) };
    }
  }
  return null;
}

// Waits until the board stops changing (the bot has replied): the same
// tokens in three screenshots two seconds apart.
async function settle(until) {
  let last = null, same = 0;
  const r = await until((img) => {
    const b = readBoard(img);
    const k = boardKey(b);
    same = k === last ? same + 1 : 0;
    last = k;
    return b && same >= 2 && { board: b, img };
  }, SETTLE_TIMEOUT, 2000);
  return r.got || { board: readBoard(r.img), img: r.img };
}

// --- main ------------------------------------------------------------------------
if (!fs.existsSync(path.join(SITE, "index.html"))) {
  console.error(`web test: no site in ${SITE}: run scripts/web-build.sh first`);
  process.exit(2);
}
fs.mkdirSync(OUT, { recursive: true });
for (const [lang, locale] of [["fr", "fr-FR"], ["da", "da-DK"], ["en", "en-GB"]]) await loadingScreen(lang, locale);
await lateProbe();
await wakeLock();
for (const [w, h] of SIZES) for (const ratio of RATIOS) await pass(w, h, ratio);
if (notes.length) console.log("\n" + notes.join("\n"));
console.log(`\nweb test: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
