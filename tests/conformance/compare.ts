import type { Exchange } from "./exchange.ts";

/** Every difference between what real Keycloak answered and what the embedded server answered, one line each. */
export function differences(sequence: string, keycloak: Exchange[], embedded: Exchange[]): string[] {
  const found: string[] = [];
  const count = Math.max(keycloak.length, embedded.length);
  for (let i = 0; i < count; i++) {
    const expected = keycloak[i];
    const actual = embedded[i];
    const where = `${sequence} › ${expected?.step ?? actual?.step} › ${expected?.request ?? actual?.request}`;
    if (!expected || !actual || expected.request !== actual.request) {
      found.push(
        `${where}: request ${i + 1} is ${expected?.request ?? "absent"} on Keycloak, ${actual?.request ?? "absent"} here`,
      );
      break; // the sequences went apart: what follows would only repeat it
    }
    if (expected.status !== actual.status)
      found.push(`${where}: status ${expected.status} on Keycloak, ${actual.status} here`);
    for (const name of new Set([...Object.keys(expected.headers), ...Object.keys(actual.headers)]))
      if (expected.headers[name] !== actual.headers[name])
        found.push(
          `${where}: header ${name} ${show(expected.headers[name])} on Keycloak, ${show(actual.headers[name])} here`,
        );
    diffValues(expected.body, actual.body, "body", (path, k, e) =>
      found.push(`${where}: ${path} ${show(k)} on Keycloak, ${show(e)} here`),
    );
  }
  return found;
}

const show = (value: unknown) => (value === undefined ? "absent" : JSON.stringify(value));

function diffValues(k: unknown, e: unknown, path: string, report: (path: string, k: unknown, e: unknown) => void) {
  if (Array.isArray(k) && Array.isArray(e)) {
    if (k.length !== e.length)
      return report(
        `${path}.length`,
        k.length === 0 && e.length === 0 ? k : JSON.stringify(k).length < 300 ? k : k.length,
        JSON.stringify(e).length < 300 ? e : e.length,
      );
    k.forEach((item, i) => diffValues(item, e[i], `${path}[${i}]`, report));
    return;
  }
  if (k && e && typeof k === "object" && typeof e === "object" && !Array.isArray(k) && !Array.isArray(e)) {
    const a = k as Record<string, unknown>;
    const b = e as Record<string, unknown>;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
      diffValues(a[key], b[key], `${path}.${key}`, report);
    return;
  }
  if (JSON.stringify(k) !== JSON.stringify(e)) report(path, k, e);
}
