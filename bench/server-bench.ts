/**
 * Admin API latency on the `scale` realm (100,000 users, 5,000 groups): one line per measure,
 * median and p95 in ms. Target: under 50 ms.
 *
 *   node --import tsx bench/server-bench.ts
 */
import { runAlone } from "./scale-server.ts";
import { apiLatency } from "./api-latency.ts";

/** Prints the admin API measures; true when every p95 is within the target. */
export async function benchAdminApi(baseUrl: string): Promise<boolean> {
  const { get, measure, withinTarget } = await apiLatency(baseUrl, 44);
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
  return withinTarget();
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone(benchAdminApi);
