import { adminToken } from "../tests/support/server.ts";
import { SCALE_REALM } from "./scale-server.ts";

const SAMPLES = 40;
/** The admin API's target: every measure's p95 under 50 ms. */
export const API_TARGET_MS = 50;

/**
 * Timed GETs against the scale realm's admin API as the master admin. `measure` sends one warm-up request and then
 * SAMPLES timed ones, prints median and p95, and `withinTarget()` tells whether every p95 so far met the target.
 */
export async function apiLatency(baseUrl: string, labelWidth: number) {
  const token = await adminToken(baseUrl);
  let withinTarget = true;
  const get = async (path: string) => {
    const res = await fetch(`${baseUrl}/admin/realms/${SCALE_REALM}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
  const measure = async (label: string, pathFor: (i: number) => string) => {
    const warm = performance.now();
    await get(pathFor(0));
    const warmMs = performance.now() - warm;
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t = performance.now();
      await get(pathFor(i));
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]!;
    withinTarget &&= p95 <= API_TARGET_MS;
    console.log(
      `${label.padEnd(labelWidth)} median ${median.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   ${p95 <= API_TARGET_MS ? "ok" : "SLOW"}` +
        (warmMs > 4 * API_TARGET_MS ? `   (first call ${warmMs.toFixed(0)} ms)` : ""),
    );
  };
  return { get, measure, samples: SAMPLES, withinTarget: () => withinTarget };
}
