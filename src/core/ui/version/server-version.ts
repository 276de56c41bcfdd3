/** A Keycloak version as numbers: "26.2.0" → [26, 2, 0]; anything after the numbers (e.g. "-SNAPSHOT") is ignored. */
export function versionNumbers(version: string): number[] {
  const numbers = /^\d+(\.\d+)*/.exec(version.trim())?.[0];
  return numbers ? numbers.split(".").map(Number) : [];
}

/** Whether `version` comes before `since` (a server too old for what `since` brought); unknown versions never are. */
export function isOlderThan(version: string | undefined, since: string): boolean {
  const have = versionNumbers(version ?? "");
  const want = versionNumbers(since);
  if (have.length === 0 || want.length === 0) return false;
  for (let index = 0; index < Math.max(have.length, want.length); index++) {
    const difference = (have[index] ?? 0) - (want[index] ?? 0);
    if (difference !== 0) return difference < 0;
  }
  return false;
}
