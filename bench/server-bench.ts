/**
 * Admin API latency on the `scale` realm (100,000 users, 5,000 groups): one line per measure,
 * median and p95 in ms. Target: under 50 ms.
 *
 *   node --import tsx bench/server-bench.ts
 */
import { adminToken } from "../tests/support/server.ts";
import { SCALE_REALM, runAlone } from "./scale-server.ts";

const SAMPLES = 40;
const TARGET_MS = 50;

/** Prints the admin API measures; true when every p95 is within the target. */
export async function benchAdminApi(baseUrl: string): Promise<boolean> {
  const token = await adminToken(baseUrl);
  const get = async (path: string) => {
    const res = await fetch(`${baseUrl}/admin/realms/${SCALE_REALM}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
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
    console.log(
      `${label.padEnd(44)} median ${median.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   ${p95 <= TARGET_MS ? "ok" : "SLOW"}`,
    );
  };

  const searches = ["user-0", "smith", "ada", "@scale.example.com", "user-09"];
  await measure(
    "users ?search=&first&max=20",
    (i) => `/users?search=${encodeURIComponent(searches[i % searches.length])}&first=${(i % 5) * 20}&max=20`,
  );
  await measure("users ?first&max=20 (deep pages)", (i) => `/users?first=${(i * 2_377) % 99_000}&max=20`);
  await measure("groups ?first&max=20", (i) => `/groups?first=${(i * 97) % 980}&max=20`);
  await measure("groups ?search=&first&max=20", (i) => `/groups?search=team-${i % 3}&first=0&max=20`);
  const groups = (await get("/groups?first=0&max=100")) as { id: string; subGroupCount?: number }[];
  const parents = groups.filter((g) => (g.subGroupCount ?? 0) > 0);
  await measure(
    "groups/{id}/children ?first&max=20",
    (i) => `/groups/${parents[i % parents.length].id}/children?first=0&max=20`,
  );
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone(benchAdminApi);
