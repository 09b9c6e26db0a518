// Runs a WebAssembly program built for wasm32-wasip1 under Node's WASI, its
// standard output to this process's (scripts/same-moves.sh).
//
//   node scripts/same-moves-wasi.mjs PROGRAM.wasm
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";
import process from "node:process";

const path = process.argv[2];
if (!path) {
    console.error("usage: node same-moves-wasi.mjs PROGRAM.wasm");
    process.exit(2);
}
const wasi = new WASI({ version: "preview1", args: [path], env: {} });
const module = await WebAssembly.compile(await readFile(path));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
