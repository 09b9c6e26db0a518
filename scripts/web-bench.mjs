// Times in the browser what the page measures for a query: `bench=GAME/BOT,BOT`
// (a bot's mean thinking per move) or `bench-review=GAME/BOT,BOT` (the review
// of whole matches on the page's one thread, as JSON). Serves the site that
// scripts/web-build.sh left in target/web, opens it in headless Chromium with
// the query and prints what the page sets as window.parlourBench.
//
//   node scripts/web-bench.mjs QUERY...   (after scripts/web-test.sh has put
//   playwright-core in target/web-tools)
//   e.g. node scripts/web-bench.mjs bench-review=paper-boxing/greedy,random
//
// The desktop's figure for the same matches:
//   cargo run --release -p parlour-core --example review_figures -- page-time --game G --bots A,B --games 5
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(path.resolve("target/web-tools/node_modules/"));
const { chromium } = require("playwright-core");
const SITE = path.resolve("target/web");
const queries = process.argv.slice(2);
if (queries.length === 0) {
  console.error("usage: node scripts/web-bench.mjs bench=GAME/BOT,BOT | bench-review=GAME/BOT,BOT ...");
  process.exit(2);
}
const port = 8600 + Math.floor(Math.random() * 300);
const server = spawn("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1"], { cwd: SITE, stdio: "ignore" });
await new Promise((r) => setTimeout(r, 1500));
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "parlour-web-bench-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: ["--headless=new", "--enable-unsafe-swiftshader", "--use-angle=swiftshader", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic"],
});
let failed = false;
try {
  for (const query of queries) {
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`http://127.0.0.1:${port}/?${query}`, { waitUntil: "load" });
    await page.waitForFunction(() => window.parlourBench !== undefined, null, { timeout: 30 * 60 * 1000, polling: 1000 });
    const answer = await page.evaluate(() => window.parlourBench);
    console.log(`${query}: ${answer}  (${((Date.now() - started) / 1000).toFixed(1)} s in all)`);
    await page.close();
  }
} catch (e) {
  console.error(`web-bench: ${e.message}`);
  failed = true;
} finally {
  await context.close();
  server.kill();
}
process.exit(failed ? 1 : 0);
