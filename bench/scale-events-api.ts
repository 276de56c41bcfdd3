/**
 * Sessions and events API latency on the `scale` realm (50,000 sessions, 500,000 user events, 100,000 admin
 * events over 30 days): median and p95 in ms per measure. Target: p95 under 50 ms.
 *
 *   node --import tsx bench/scale-events-api.ts
 */
import { runAlone } from "./scale-server.ts";
import { apiLatency } from "./api-latency.ts";

const DAY_MS = 24 * 3600 * 1000;
const day = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Prints the measures; true when every p95 is within the target. */
export async function benchEventsApi(baseUrl: string): Promise<boolean> {
  const { get, measure, samples, withinTarget } = await apiLatency(baseUrl, 50);
  const now = Date.now();
  await measure("events ?first&max=11 (first page)", () => `/events?first=0&max=11`);
  await measure("events ?first&max=11 (deep pages)", (i) => `/events?first=${i * 2_000}&max=11`);
  const users = (await get(`/events?type=LOGIN&first=0&max=${samples}`)) as { userId: string }[];
  await measure("events ?type&user&dateFrom&dateTo", (i) => {
    const at = now - ((i % 28) + 1) * DAY_MS;
    return `/events?type=LOGIN&type=LOGIN_ERROR&user=${users[i % users.length]!.userId}&dateFrom=${day(at - 3 * DAY_MS)}&dateTo=${day(at)}&first=0&max=11`;
  });
  await measure("events ?type&dateFrom&dateTo (7 days, overview)", (i) => {
    const at = now - (i % 20) * DAY_MS;
    return `/events?type=LOGIN_ERROR&dateFrom=${day(at - 7 * DAY_MS)}&dateTo=${day(at)}&first=${(i % 10) * 1000}&max=1000`;
  });
  await measure(
    "events ?client&ipAddress",
    (i) => `/events?client=app-${String(i * 13).padStart(4, "0")}&ipAddress=10.1.${i}.${i}&first=0&max=11`,
  );
  await measure("admin-events ?first&max=11", (i) => `/admin-events?first=${(i % 4) * 11}&max=11`);
  await measure(
    "admin-events ?operationTypes&resourceTypes&dates",
    (i) =>
      `/admin-events?operationTypes=UPDATE&resourceTypes=USER&dateFrom=${day(now - ((i % 28) + 2) * DAY_MS)}&dateTo=${day(now - ((i % 28) + 1) * DAY_MS)}&first=0&max=11`,
  );
  await measure(
    "admin-events ?resourcePath=users/*",
    (i) => `/admin-events?resourcePath=users/scale-user-${i}*&first=0&max=11`,
  );
  await measure(
    "ui-ext/sessions ?type=ALL&first&max=11",
    (i) => `/ui-ext/sessions?type=ALL&search=&first=${i * 1_000}&max=11`,
  );
  await measure(
    "ui-ext/sessions ?search=username",
    (i) => `/ui-ext/sessions?type=ALL&search=user-${String(7 * (i + 3)).padStart(6, "0")}&first=0&max=11`,
  );
  await measure("ui-ext/sessions ?type=OFFLINE", () => `/ui-ext/sessions?type=OFFLINE&search=&first=0&max=11`);
  await measure("client-session-stats", () => `/client-session-stats`);
  return withinTarget();
}

/** The resident memory of a process, from /proc (Linux), in MB; undefined elsewhere. */
export async function residentMb(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  const { readFile } = await import("node:fs/promises");
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone(benchEventsApi);
