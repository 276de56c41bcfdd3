#!/usr/bin/env node
// Runs every kind of test in order and ends with one summary line: "tests: N passed, N failed".
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** Test files below a folder (node 20's test runner does not expand globs itself). */
function testFiles(dir) {
  let files = [];
  try {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) files = files.concat(testFiles(path));
      else if (/\.test\.tsx?$/.test(entry.name)) files.push(path);
    }
  } catch {
    /* folder not there yet */
  }
  return files.sort();
}

const only = process.argv.slice(2);
const ANSI_COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
/**
 * Test files of a node:test step run this many at a time (each with its own server and browser). Most of an e2e
 * file's time is spent waiting (on the browser, the server, animations), so two files on two cores finish in far less
 * time than one after the other.
 */
const JOBS = Math.max(1, Number(process.env.TEST_JOBS ?? 2));
const nodeTests = (dir) => ["node", "--import", "tsx", "--test", `--test-concurrency=${JOBS}`, ...testFiles(dir)];
const steps = [
  { name: "chromium", cmd: ["bash", "scripts/ensure-chromium.sh"] },
  // first: the real-Keycloak step needs the built console, and starts right after it
  { name: "build", cmd: ["npx", "vite", "build"] },
  // checks: independent of each other, run JOBS at a time
  { name: "format", cmd: ["npx", "prettier", "--check", "."], phase: "checks" },
  { name: "lint", cmd: ["npx", "eslint", "."], phase: "checks" },
  { name: "typecheck", cmd: ["npx", "tsc", "-p", "tsconfig.json", "--noEmit"], phase: "checks" },
  { name: "unit", cmd: ["npx", "vitest", "run"], count: vitestCounts, phase: "checks" },
  { name: "server", cmd: nodeTests("tests/server"), count: nodeTestCounts, perFile: true, phase: "embedded" },
  { name: "browser", cmd: ["npx", "web-test-runner"], count: wtrCounts, phase: "embedded" },
  { name: "e2e", cmd: nodeTests("tests/e2e"), count: nodeTestCounts, perFile: true, phase: "embedded" },
  // The embedded server's answers against real Keycloak's recorded ones (tests/conformance/fixtures): no Java needed.
  { name: "conformance", cmd: nodeTests("tests/conformance"), count: nodeTestCounts, phase: "embedded" },
  // The e2e suites that use startTarget() and tests/conformance, against one real Keycloak 26 (needs Java and Maven;
  // without them it prints that it skipped and why, and KC_REQUIRE_KEYCLOAK=1 turns that into a failure). It runs
  // beside the checks and the embedded steps, its files one at a time (they share that Keycloak), its output printed
  // when they are done.
  {
    name: "keycloak",
    cmd: ["node", "--import", "tsx", "scripts/real-keycloak-tests.ts"],
    count: nodeTestCounts,
    perFile: true,
    phase: "beside",
    note: (out) => /^(real Keycloak suites SKIPPED: .*)$/m.exec(out)?.[1],
  },
].filter((s) => only.length === 0 || only.includes(s.name));

/** node:test's summary counts; summed, as the real-Keycloak step prints one summary per Keycloak. */
function nodeTestCounts(out) {
  const total = (word) =>
    [...out.matchAll(new RegExp(`^(?:ℹ|#) ${word} (\\d+)$`, "gm"))].reduce((sum, match) => sum + Number(match[1]), 0);
  return /^(?:ℹ|#) pass \d+$/m.test(out) ? { passed: total("pass"), failed: total("fail") } : undefined;
}
function vitestCounts(out) {
  const clean = out.replace(ANSI_COLOURS, "");
  const line = /^\s*Tests\s+(.*)$/m.exec(clean)?.[1];
  if (!line) return undefined;
  return { passed: Number(/(\d+) passed/.exec(line)?.[1] ?? 0), failed: Number(/(\d+) failed/.exec(line)?.[1] ?? 0) };
}
function wtrCounts(out) {
  const clean = out.replace(ANSI_COLOURS, "");
  const all = [...clean.matchAll(/(\d+) passed, (\d+) failed/g)];
  const last = all.at(-1);
  return last ? { passed: Number(last[1]), failed: Number(last[2]) } : undefined;
}

const usageHook = pathToFileURL(resolve(import.meta.dirname, "test-file-usage.mjs")).href;
const usageDir = mkdtempSync(join(tmpdir(), "kc-test-usage-"));

/** The slowest test files of a step by CPU (own process and the servers and browsers it waited for), and the total. */
function perFileReport(step, usageFile) {
  let rows;
  try {
    rows = readFileSync(usageFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return;
  }
  if (rows.length === 0) return;
  rows.sort((a, b) => b.cpu - a.cpu);
  const sum = (key) => Math.round(rows.reduce((total, row) => total + row[key], 0));
  const lines = [
    `\n=== ${step.name}: slowest test files (of ${rows.length}: ${sum("cpu")} s CPU, ${sum("wall")} s wall)`,
  ];
  lines.push("  CPU s  wall s  file   (CPU: the file's process and the children it reaped; not Chromium's renderers)");
  for (const row of rows.slice(0, 10)) {
    const file = relative(process.cwd(), resolve(row.file));
    lines.push(`${row.cpu.toFixed(1).padStart(7)} ${row.wall.toFixed(1).padStart(7)}  ${file}`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Runs a step. With `buffered` (steps running side by side) its output is kept and handed over as `block` when it
 * ends, for the caller to print in one piece.
 */
function run(step, buffered = false) {
  return new Promise((resolve) => {
    const started = Date.now();
    const header = `\n=== ${step.name}: ${step.cmd.join(" ")}`;
    if (buffered) console.log(`\n=== ${step.name}: started`);
    else console.log(header);
    const env = { ...process.env, FORCE_COLOR: "0" };
    const usageFile = join(usageDir, `${step.name}.jsonl`);
    if (step.perFile) {
      env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ""} --import ${usageHook}`.trim();
      env.KC_TEST_USAGE_FILE = usageFile;
    }
    const child = spawn(step.cmd[0], step.cmd.slice(1), { stdio: ["ignore", "pipe", "pipe"], env });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (!buffered) process.stdout.write(d);
    });
    child.stderr.on("data", (d) => {
      out += d;
      if (!buffered) process.stderr.write(d);
    });
    child.on("close", (code) => {
      const report = (step.perFile && perFileReport(step, usageFile)) || "";
      if (!buffered) process.stdout.write(report);
      const block = buffered ? `${header}\n${out}${report}` : "";
      resolve({ code, out, block, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

/**
 * The failed tests named in a step's output (node:test's TAP, Web Test Runner, Vitest), with where and why, so the
 * summary at the end of a long log (all that CI keeps) says what failed.
 */
function failureLines(out) {
  const lines = out.replace(ANSI_COLOURS, "").split("\n");
  const found = [];
  lines.forEach((line, index) => {
    if (/^\s*not ok \d+ - /.test(line)) {
      found.push(line.trim());
      const details = lines.slice(index + 1, index + 20);
      const end = details.findIndex((next) => /^\s*\.\.\.$/.test(next));
      details.slice(0, end < 0 ? details.length : end).forEach((next, at) => {
        if (!/^\s*(location|error):/.test(next)) return;
        const multiLine = /\|-?$/.test(next.trim()); // YAML block: the message is on the next line
        found.push(`    ${next.trim()}${multiLine ? ` ${details[at + 1]?.trim() ?? ""}` : ""}`);
      });
    } else if (line.includes("❌") || /^\s*(FAIL|×)\s/.test(line)) {
      found.push(line.trim());
      const reason = lines.slice(index + 1, index + 4).find((next) => next.trim());
      if (reason) found.push(`    ${reason.trim()}`);
    }
  });
  return found.length > 40 ? [...found.slice(0, 40), `… ${found.length - 40} more lines`] : found;
}

let passed = 0;
let failed = 0;
const summary = new Map(steps.map((step) => [step.name, undefined]));
const failures = [];

/** Runs a step and counts its tests; a buffered step's output is printed once `printAfter` has settled. */
async function runAndCount(step, buffered = false, printAfter = Promise.resolve()) {
  const { code, out, block, seconds } = await run(step, buffered);
  if (block) printAfter.then(() => process.stdout.write(block));
  const counts = step.count?.(out);
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
  }
  if (code !== 0 && (!counts || counts.failed === 0)) failed += 1; // a step that failed without failing tests (lint, build, crash)
  if (code !== 0) failures.push(`${step.name}:`, ...failureLines(out).map((line) => `  ${line}`));
  const note = step.note?.(out);
  summary.set(
    step.name,
    `${step.name}: ${code === 0 ? "ok" : `FAILED (exit ${code})`}${counts ? ` ${counts.passed} passed, ${counts.failed} failed` : ""} in ${seconds}s${note ? ` (${note})` : ""}`,
  );
}

/** Runs steps JOBS at a time, each printed when it ends. */
async function runPooled(pool) {
  const queue = [...pool];
  const worker = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) await runAndCount(step, true);
  };
  await Promise.all(Array.from({ length: Math.min(JOBS, queue.length) }, worker));
}

const started = Date.now();
const inPhase = (phase) => steps.filter((step) => step.phase === phase);
for (const step of steps.filter((s) => !s.phase)) await runAndCount(step);
let othersDone;
const othersFinished = new Promise((done) => (othersDone = done));
const sideBySide = inPhase("checks").length + inPhase("embedded").length > 0;
const besideSteps = inPhase("beside").map((step) => runAndCount(step, sideBySide, othersFinished));
await runPooled(inPhase("checks"));
for (const step of inPhase("embedded")) await runAndCount(step);
othersDone();
await Promise.all(besideSteps);
await new Promise((done) => setImmediate(done));
rmSync(usageDir, { recursive: true, force: true });
if (failures.length > 0) console.log(`\n=== failed\n${failures.join("\n")}`);
console.log("\n=== summary");
for (const line of summary.values()) if (line) console.log(line);
console.log(`all steps: ${Math.round((Date.now() - started) / 1000)}s (${JOBS} at a time)`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
