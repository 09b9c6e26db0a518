// One table, many devices, in a real browser: `parlour host` on loopback
// serves target/web; the table's screen opens it at 1280×800 and two phones
// (each a fresh browser profile, 390×844 at device pixel ratio 3, touch
// only, as a phone is) join from its address. Per game, the phones:
//   - write a name on the on-screen keyboard and sit at a free seat;
//   - Neighbours: tap a token from the hand, then a cell lit for it (a pass
//     when nothing fits), to the match's results;
//   - Paper Boxing: write the grid by swapping two numbers, Ready, then step
//     to a lit cell every bout, to the match's results;
//   - after Neighbours and Paper Boxing, a phone opens the match's review;
//   - Rummy: ask for a Hint and play it with the one button it leaves lit,
//     until the first round ends — a first meld and a table rebuilt from a
//     phone among the moves.
// Every tap is a touch at the place the page drew the words or cells (the
// page's `?probe` gives each painted text's box; lit cells are found by
// their colour). An observer at the table (the public view, as the table's
// screen gets it) follows the match: each phone's move must be accepted,
// and the match must end by the rules. Screenshots of the table and each
// phone go to target/phones-test/, at the device's resolution.
//
// Prints `phones test: N passed, M failed` last; exits 1 on any failure.
//
//   node scripts/phones-test.mjs [--site DIR] [--games neighbours,paper-boxing,rummy] [--seed N] [--sideways]
//
// --sideways: the second phone is held sideways (844×390 at ratio 3), the
// layout a phone on its side gets.

import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "target/web-tools/package.json"));
const { chromium } = require("playwright-core");
const { PNG } = require("pngjs");

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const SITE = path.resolve(option("--site", path.join(root, "target/web")));
const GAMES = option("--games", "neighbours,paper-boxing,rummy").split(",");
const PARLOUR = path.resolve(option("--parlour", path.join(root, "target/debug/parlour")));
const PROTOCOL = option("--protocol", null); // the version the host speaks, if not this checkout's
// The deal: seed 7's Neighbours deal leaves both first hands with nothing
// to place next to the start token, and the match ends after two passes.
const SEED = option("--seed", "11");
const CHROMIUM = process.env.PARLOUR_WEB_TEST_CHROMIUM || "/usr/bin/chromium";
const OUT = path.join(root, "target/phones-test");
// The protocol's version, as this checkout's core says it.
const VERSION = Number(fs.readFileSync(path.join(root, "core/src/protocol.rs"), "utf8").match(/pub const VERSION: u32 = (\d+);/)[1]);

// Software WebGL on two cores draws a phone at ratio 3 slowly.
const START_TIMEOUT = 240_000; // a page to its first drawn screen
const STEP_TIMEOUT = 90_000; // a tap to what it does
const MATCH_TIMEOUT = 60 * 60_000; // a whole match
const TAP_GAP = 900; // ms between one tap and the next
const PHONE = { width: 390, height: 844, ratio: 3 };
// With --sideways, the second phone is held sideways: its own layout.
const SIDEWAYS = args.includes("--sideways");
const PHONE_SIDEWAYS = { width: 844, height: 390, ratio: 3 };
const TABLE = { width: 1280, height: 800, ratio: 1 };
// A cell a phone may tap: the hand screens' GOOD (143, 222, 143).
const lit = (c) => Math.abs(c[0] - 143) <= 30 && Math.abs(c[1] - 222) <= 25 && Math.abs(c[2] - 143) <= 30;

let passed = 0, failed = 0;
function check(name, ok, detail = "") {
  if (ok) passed++; else failed++;
  console.log(`${ok ? "ok  " : "FAIL"}  ${name}${detail ? ` — ${detail}` : ""}`);
  return ok;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const shots = [];

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

// --- the host ------------------------------------------------------------------
async function host(game, seats) {
  const port = await freePort();
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "parlour-phones-"));
  const proc = spawn(PARLOUR, ["host", "--game", game, "--seats", seats, "--bind", "127.0.0.1", "--port", String(port),
    "--site", SITE, "--bot-delay", "0", "--away", "0", "--seed", SEED],
  { env: { ...process.env, PARLOUR_HOME: home }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const log = [];
  proc.stdout.on("data", (d) => { out += d; });
  proc.stderr.on("data", (d) => { for (const line of d.toString().split("\n")) if (line) log.push(line); });
  const end = Date.now() + 20_000;
  let table = null;
  while (!table && Date.now() < end) {
    table = out.match(/(http:\/\/127\.0\.0\.1:\d+\/\?table=[0-9a-f]+)/)?.[1] || null;
    await sleep(100);
  }
  if (!table) throw new Error(`parlour host printed no table address: ${out} ${log.join(" | ")}`);
  return {
    base: `http://127.0.0.1:${port}`, table, log,
    stop: () => new Promise((r) => { if (proc.exitCode !== null) return r(); proc.on("exit", r); proc.kill("SIGINT"); }),
  };
}

// --- a device: a page in a fresh profile, read by the probe, tapped by touch ---
async function device(browser, name, { width, height, ratio }, url, mobile) {
  const context = await browser.newContext({
    viewport: { width, height }, screen: { width, height }, deviceScaleFactor: ratio,
    hasTouch: true, isMobile: mobile,
  });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("crash", () => errors.push("crashed"));
  const cdp = await context.newCDPSession(page);
  await page.goto(url, { waitUntil: "load", timeout: START_TIMEOUT });
  const d = {
    name, page, errors, context,
    // Each painted text with its box in CSS pixels, in paint order.
    async words() {
      return page.evaluate(() => {
        if (!window.parlourProbe) return [];
        const p = JSON.parse(window.parlourProbe);
        const k = p.ppp / window.devicePixelRatio;
        return p.texts.map(([text, x0, y0, x1, y1]) => ({
          text, x0: x0 * k, y0: y0 * k, x1: x1 * k, y1: y1 * k, cx: ((x0 + x1) / 2) * k, cy: ((y0 + y1) / 2) * k,
        }));
      });
    },
    async shows(test) {
      const words = await d.words();
      // { gone: "OK" }: shown once no text reads "OK".
      if (test.gone !== undefined) return words.some((w) => w.text === test.gone) ? null : { text: "" };
      return words.find((w) => (typeof test === "string" ? w.text === test : test(w.text))) || null;
    },
    async until(what, test, timeout = STEP_TIMEOUT) {
      const end = Date.now() + timeout;
      for (;;) {
        const found = await d.shows(test);
        if (found) return found;
        if (Date.now() > end) throw new Error(`${name}: no ${what} within ${timeout / 1000} s; on screen: ${(await d.words()).map((w) => w.text).join(" | ")}`);
        await sleep(400);
      }
    },
    async tapAt(x, y) {
      const point = [{ x, y, id: 1, radiusX: 6, radiusY: 6, force: 1 }];
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point });
      await sleep(60);
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      // A phone drawn in software at ratio 3 takes a while over a frame:
      // the next tap waits for this one to be drawn, as a person's would.
      await sleep(TAP_GAP);
    },
    // Taps the text painted last (on top) that reads `text`.
    async tap(text) {
      const words = await d.words();
      const w = [...words].reverse().find((x) => x.text === text);
      if (!w) throw new Error(`${name}: no "${text}" to tap; on screen: ${words.map((x) => x.text).join(" | ")}`);
      await d.tapAt(w.cx, w.cy);
    },
    // Taps `text` until `effect` shows (a person taps again when a tap
    // did not take), at most three times.
    async tapFor(text, what, effect, timeout = 30_000) {
      for (let tries = 0; tries < 3; tries++) {
        if (tries === 0 || (await d.shows(text))) await d.tap(text);
        try { return await d.until(what, effect, timeout); } catch (e) { if (tries === 2) throw e; }
      }
    },
    // The lit cells within `box`, once some show (none after `timeout`).
    async litWithin(box, timeout) {
      const end = Date.now() + timeout;
      for (;;) {
        const cells = litCells(await d.look(), box);
        if (cells.length || Date.now() > end) return cells;
        await sleep(500);
      }
    },
    // The screen in CSS pixels, to find lit cells by their colour.
    async look() {
      return PNG.sync.read(await page.screenshot({ scale: "css" }));
    },
    async shot(label) {
      const file = path.join(OUT, `${label}.png`);
      await page.screenshot({ path: file });
      shots.push(file);
    },
  };
  return d;
}

// Regions of lit pixels (the cells a phone may tap), biggest first.
function litCells(img, box) {
  const step = 3, found = [];
  const seen = new Set();
  const at = (x, y) => { const i = (img.width * y + x) * 4; return [img.data[i], img.data[i + 1], img.data[i + 2]]; };
  for (let y = box.y0; y < box.y1; y += step) {
    for (let x = box.x0; x < box.x1; x += step) {
      const key = `${x},${y}`;
      if (seen.has(key) || !lit(at(x, y))) continue;
      let n = 0, sx = 0, sy = 0;
      const stack = [[x, y]];
      seen.add(key);
      while (stack.length) {
        const [px, py] = stack.pop();
        n++; sx += px; sy += py;
        for (const [qx, qy] of [[px + step, py], [px - step, py], [px, py + step], [px, py - step]]) {
          const k = `${qx},${qy}`;
          if (qx < box.x0 || qy < box.y0 || qx >= box.x1 || qy >= box.y1 || seen.has(k) || !lit(at(qx, qy))) continue;
          seen.add(k);
          stack.push([qx, qy]);
        }
      }
      if (n >= 12) found.push({ cx: sx / n, cy: sy / n, n });
    }
  }
  return found.sort((a, b) => b.n - a.n);
}

// --- the observer: the public table, as the table's screen is sent it --------
async function observer(browser, hostBase, version = VERSION) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${hostBase}/manifest.webmanifest`);
  await page.evaluate(([ws, version]) => {
    window.seen = [];
    window.seats = [];
    const socket = new WebSocket(ws);
    socket.onopen = () => socket.send(JSON.stringify({ kind: "hello", version, wants: "table" }));
    socket.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.kind === "seen") window.seen.push(m);
      if (m.kind === "seats") window.seats = m.seats;
    };
  }, [hostBase.replace("http", "ws") + "/table", version]);
  return {
    last: () => page.evaluate(() => window.seen[window.seen.length - 1] || null),
    all: () => page.evaluate(() => window.seen),
    seats: () => page.evaluate(() => window.seats),
    close: () => context.close(),
  };
}

// --- sitting down -------------------------------------------------------------
async function sit(phone, name, seat) {
  await phone.until("the seats", `Seat ${seat} · free: sit here`, START_TIMEOUT);
  await phone.shot(`${phone.label}-seats`);
  await phone.tapFor("Tap to write your name", "the keyboard", "OK");
  let first = true;
  for (const c of name) {
    const key = first ? c.toUpperCase() : c.toLowerCase();
    await phone.until(`the key ${key}`, key);
    await phone.tap(key);
    first = false;
  }
  await phone.tapFor("OK", "the keyboard closed", { gone: "OK" });
  await phone.until("the name written", name);
  await phone.tapFor(`Seat ${seat} · free: sit here`, "the seat taken",
    (t) => t === "Your turn" || t.startsWith("Waiting for") || t === "Sent…", 60_000);
}

const myTurn = (phone) => phone.shows("Your turn");
const overFor = (phone) => phone.shows((t) => t === "You win!" || t.endsWith(" wins"));

// One move by a phone whose turn it is, as its game's screen takes it.
const movers = {
  // A token from the hand, then a cell lit for it; pass when none fits.
  async neighbours(phone) {
    const pass = await phone.shows("No token fits: pass");
    if (pass) return phone.tap("No token fits: pass");
    const words = await phone.words();
    const digits = words.filter((w) => /^[0-9]$/.test(w.text));
    // The hand: under the board held upright, beside it held sideways.
    const { width, height } = phone.size;
    let hand, board;
    if (width > height) {
      const rightmost = Math.max(...digits.map((w) => w.cx));
      hand = digits.filter((w) => rightmost - w.cx < 120);
      board = { x0: 0, y0: 60, x1: Math.min(...hand.map((w) => w.x0)) - 16, y1: height };
    } else {
      const lowest = Math.max(...digits.map((w) => w.cy));
      hand = digits.filter((w) => lowest - w.cy < 12);
      board = { x0: 0, y0: 120, x1: width, y1: Math.min(...hand.map((w) => w.y0)) - 16 };
    }
    for (const token of hand) {
      await phone.tapAt(token.cx, token.cy);
      // The cells it may go on light up once the phone has drawn the tap.
      const cells = await phone.litWithin(board, 8_000);
      if (cells.length) return phone.tapAt(cells[0].cx, cells[0].cy);
      await phone.tapAt(token.cx, token.cy); // put it back
      await sleep(1_000);
    }
    throw new Error(`${phone.name}: no token of ${hand.map((w) => w.text).join(",")} lights a cell, and no pass offered`);
  },
  // The grid: 1 and 15 swapped, Ready; then a step to a lit cell.
  async "paper-boxing"(phone) {
    const ready = await phone.shows("Ready");
    if (ready) {
      const words = await phone.words();
      // Each phone its own grid: 1 and 15 swapped on one, 2 and 14 on the other.
      const [a, b] = phone.label.endsWith("1") ? ["1", "15"] : ["2", "14"];
      const first = words.find((w) => w.text === a), second = words.find((w) => w.text === b);
      await phone.tapAt(first.cx, first.cy);
      await phone.tapAt(second.cx, second.cy);
      await phone.shot(`${phone.label}-grid-written`);
      return phone.tap("Ready");
    }
    const { width, height } = phone.size;
    const grid = width > height ? { x0: 0, y0: 60, x1: width, y1: height - 60 } : { x0: 0, y0: 100, x1: width, y1: height * 0.75 };
    const cells = await phone.litWithin(grid, 8_000);
    if (!cells.length) throw new Error(`${phone.name}: no lit cell to step to`);
    return phone.tapAt(cells[0].cx, cells[0].cy);
  },
  // Hint, then the one button it leaves: Play its sets, or Draw.
  async rummy(phone) {
    await phone.tap("Hint");
    const hint = await phone.until("the hint", (t) => t.startsWith("Hint —"));
    const play = await phone.shows("Play");
    if (play && !phone.shotPlay) {
      phone.shotPlay = true;
      await phone.shot(`${phone.label}-hint-laid-out`);
    }
    return phone.tap(play ? "Play" : "Draw");
  },
};

// Sets on the table before and after a play: a set that was there and is
// not there whole after it was rebuilt (extended, split or joined).
const key = (set) => [...set].sort().join(" ");
function rebuilt(before, after) {
  const now = new Set(after.map(key));
  return before.some((set) => !now.has(key(set)));
}

async function playGame(browser, game) {
  console.log(`\n== ${game} ==`);
  const seats = "phone,phone";
  const h = await host(game, seats);
  const watch = await observer(browser, h.base, PROTOCOL ? Number(PROTOCOL) : VERSION);
  const table = await device(browser, "the table's screen", TABLE, `${h.table}&probe`, false);
  const phones = [];
  try {
    for (const [i, name] of ["Ana", "Bram"].entries()) {
      const size = SIDEWAYS && i === 1 ? PHONE_SIDEWAYS : PHONE;
      const phone = await device(browser, name, size, `${h.base}/?join&probe`, true);
      phone.size = size;
      phone.label = `${game}-phone-${i + 1}${size === PHONE_SIDEWAYS ? "-sideways" : ""}`;
      phones.push(phone);
      await sit(phone, name, i + 1);
    }
    check(`${game}: two phones took their seats by touch`, true, (await watch.seats()).map((s) => s.name).join(", "));
    await table.until("the players' names at the table", (t) => t.includes("Bram"), START_TIMEOUT);
    await table.shot(`${game}-table-seated`);

    const moves = [0, 0];
    const end = Date.now() + MATCH_TIMEOUT;
    let before = null, rummyRebuilds = 0, lastTable = [];
    const done = async () => {
      const last = await watch.last();
      if (!last) return false;
      if (game === "rummy") return last.seen.rounds.length > 0 || last.winners.length > 0;
      return last.winners.length > 0;
    };
    while (!(await done())) {
      if (Date.now() > end) throw new Error(`the match did not end within ${MATCH_TIMEOUT / 60000} minutes`);
      let moved = false;
      for (const [i, phone] of phones.entries()) {
        if (!(await myTurn(phone))) continue;
        before = (await watch.last())?.number ?? 0;
        await movers[game](phone);
        // The move reaches the table: the public view moves on.
        const until = Date.now() + STEP_TIMEOUT;
        let after;
        while ((after = await watch.last()) && after.number <= before) {
          const refused = await phone.shows((t) => t.startsWith("That") || t.includes("not valid") || t.includes("refused"));
          if (refused) throw new Error(`${phone.name}: the host refused the move: ${refused.text}`);
          if (Date.now() > until) throw new Error(`${phone.name}: the move tapped at ${before} never reached the table`);
          await sleep(300);
        }
        moves[i]++;
        moved = true;
        if (moves[i] === 2) await phone.shot(`${phone.label}-in-play`);
        if (game === "rummy") {
          const sets = after.seen.table;
          const laid = sets.flat().length > lastTable.flat().length;
          if (laid && rebuilt(lastTable, sets)) rummyRebuilds++;
          lastTable = sets;
        }
      }
      if (!moved) await sleep(500);
    }
    const last = await watch.last();
    for (const phone of phones) {
      await sleep(1500);
      await phone.shot(`${phone.label}-end`);
    }
    // Read before a phone leaves its hand for the review.
    const winnerShown = (await Promise.all(phones.map(overFor))).every(Boolean);
    if (game !== "rummy" && VERSION >= 2 && !PROTOCOL) {
      // The review after the match, on a phone: the host's whole record.
      const phone = phones[0];
      let opened = true;
      try {
        await phone.until("Review this match", "Review this match", 60_000);
        await phone.tapFor("Review this match", "the review", { gone: "Review this match" }, 60_000);
        await sleep(5_000);
        await phone.shot(`${phone.label}-review`);
      } catch (e) { opened = e.message; }
      check(`${game}: a phone opens the review of the match`, opened === true, opened === true ? "" : opened);
    }
    await table.shot(`${game}-table-end`);
    check(`${game}: both phones played their moves by touch, every one accepted`, moves.every((n) => n > 0), `moves from the phones: ${moves.join(" and ")}; the match at move ${last.number}`);
    if (game === "rummy") {
      const melded = last.seen.melded.filter(Boolean).length;
      check(`rummy: a first meld laid from a phone`, melded > 0, `${melded} of 2 seats have melded`);
      check(`rummy: the table rebuilt from a phone (a set on the table extended, split or joined)`, rummyRebuilds > 0, `${rummyRebuilds} plays rebuilt the table`);
      check(`rummy: the round ended by the rules`, last.seen.rounds.length > 0 || last.winners.length > 0, `round scores ${JSON.stringify(last.seen.rounds)}`);
    } else {
      check(`${game}: the match ended by the rules, its winner on every phone`, last.winners.length > 0 && winnerShown, `winners ${JSON.stringify(last.winners)}; scores ${JSON.stringify(last.scores)}`);
    }
    if (game === "paper-boxing") {
      const grids = last.seen.grids.filter(Boolean).length;
      check(`paper-boxing: both grids written on the phones`, grids === 2);
    }
    for (const d of [table, ...phones]) check(`${game}: no error in ${d.name}'s page`, d.errors.length === 0, d.errors.slice(0, 3).join(" | "));
  } catch (e) {
    check(`${game}: played through`, false, e.message);
    for (const d of [table, ...phones]) await d.shot(`${game}-${d.label || "table"}-failed`).catch(() => {});
  } finally {
    for (const d of [table, ...phones]) await d.context.close().catch(() => {});
    await watch.close().catch(() => {});
    await h.stop();
  }
}

fs.mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM, headless: true,
  args: ["--headless=new", "--enable-unsafe-swiftshader", "--use-angle=swiftshader", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  for (const game of GAMES) await playGame(browser, game);
} finally {
  await browser.close();
}
console.log(`\nscreenshots:\n  ${shots.map((f) => path.relative(root, f)).join("\n  ")}`);
console.log(`\nphones test: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
