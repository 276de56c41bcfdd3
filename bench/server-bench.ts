/**
 * Admin API latency on the `scale` realm (100,000 users, 5,000 groups).
 * Starts the server with --seed-scale in a temporary folder, or reuses the
 * data folder named by KC_BENCH_DATA (seeded on its first run), then prints
 * one line per measure: median and p95 in ms. Target: under 50 ms.
 *
 *   node --import tsx bench/server-bench.ts
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { adminToken, freePort } from "../tests/support/server.ts";

const root = resolve(import.meta.dirname, "..");
const REALM = "scale";
const SAMPLES = 40;
const TARGET_MS = 50;

const dataDir = process.env.KC_BENCH_DATA ?? mkdtempSync(join(tmpdir(), "kc-bench-"));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ["--import", "tsx", join(root, "demo/server/src/main.ts"), "--port", String(port), "--data-dir", dataDir, "--seed-scale"], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit"],
});

try {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ready = await fetch(`${baseUrl}/health/ready`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() - started > 600_000) throw new Error("server not ready after 10 minutes");
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(`server ready in ${Date.now() - started} ms (data: ${dataDir})`);
  const token = await adminToken(baseUrl);
  const get = async (path: string) => {
    const res = await fetch(`${baseUrl}/admin/realms/${REALM}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
  const measure = async (label: string, pathFor: (i: number) => string) => {
    await get(pathFor(0));
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t = performance.now();
      await get(pathFor(i));
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))];
    console.log(`${label.padEnd(44)} median ${median.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   ${p95 <= TARGET_MS ? "ok" : "SLOW"}`);
  };

  const searches = ["user-0", "smith", "ada", "@scale.example.com", "user-09"];
  await measure("users ?search=&first&max=20", (i) => `/users?search=${encodeURIComponent(searches[i % searches.length])}&first=${(i % 5) * 20}&max=20`);
  await measure("users ?first&max=20 (deep pages)", (i) => `/users?first=${(i * 2_377) % 99_000}&max=20`);
  await measure("groups ?first&max=20", (i) => `/groups?first=${(i * 97) % 980}&max=20`);
  await measure("groups ?search=&first&max=20", (i) => `/groups?search=team-${i % 3}&first=0&max=20`);
  const groups = (await get("/groups?first=0&max=100")) as { id: string; subGroupCount?: number }[];
  const parents = groups.filter((g) => (g.subGroupCount ?? 0) > 0);
  await measure("groups/{id}/children ?first&max=20", (i) => `/groups/${parents[i % parents.length].id}/children?first=0&max=20`);
} finally {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  if (!process.env.KC_BENCH_DATA) rmSync(dataDir, { recursive: true, force: true });
}
