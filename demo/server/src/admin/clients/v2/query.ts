import { badRequest } from "../../../http/errors.ts";
import { SORTABLE, type ClientV2 } from "./representation.ts";

type Test = (client: ClientV2) => boolean;

const TERM =
  /^\s*([A-Za-z][A-Za-z0-9]*)\s+(eq|ne|co|sw|ew|gt|ge|lt|le|pr)(?:\s+("(?:[^"\\]|\\.)*"|true|false|null|-?\d+(?:\.\d+)?))?\s*$/i;

function literal(raw: string): unknown {
  if (raw.startsWith('"')) return JSON.parse(raw) as string;
  if (raw === "true" || raw === "false") return raw === "true";
  if (raw === "null") return null;
  return Number(raw);
}

function term(text: string): Test {
  const match = TERM.exec(text);
  if (!match) throw badRequest(`Invalid query expression: ${text.trim()}`);
  const [, field, rawOp, rawValue] = match;
  const op = rawOp!.toLowerCase();
  if (op === "pr") return (client) => client[field!] !== undefined && client[field!] !== null;
  if (rawValue === undefined) throw badRequest(`Invalid query expression: ${text.trim()}`);
  const wanted = literal(rawValue);
  const textOf = (value: unknown) => String(value ?? "").toLowerCase();
  return (client) => {
    const value = client[field!];
    const values = Array.isArray(value) ? value : [value];
    const any = (check: (v: unknown) => boolean) => values.some(check);
    switch (op) {
      case "eq":
        return any((v) => v === wanted || (typeof v === "string" && typeof wanted === "string" && v === wanted));
      case "ne":
        return !any((v) => v === wanted);
      case "co":
        return any((v) => textOf(v).includes(textOf(wanted)));
      case "sw":
        return any((v) => textOf(v).startsWith(textOf(wanted)));
      case "ew":
        return any((v) => textOf(v).endsWith(textOf(wanted)));
      default: {
        const a = value as number | string;
        const b = wanted as number | string;
        if (a === undefined || a === null) return false;
        return op === "gt" ? a > b : op === "ge" ? a >= b : op === "lt" ? a < b : a <= b;
      }
    }
  };
}

/** A SCIM-like filter (`clientId eq "my-app" and enabled eq true`); `and` binds the terms. */
export function parseFilter(q: string | undefined): Test {
  if (!q?.trim()) return () => true;
  const tests = q.split(/\s+and\s+/i).map(term);
  return (client) => tests.every((test) => test(client));
}

/** `displayName|desc,clientId`: fields Keycloak allows, ascending unless `|desc`. */
export function parseSort(sort: string | undefined): (a: ClientV2, b: ClientV2) => number {
  const keys = (sort?.trim() ? sort : "clientId").split(",").map((part) => {
    const [field = "", direction = "asc"] = part.trim().split("|");
    if (!SORTABLE.includes(field)) throw badRequest(`Invalid sort field: ${field}`);
    if (!/^(asc|desc)$/i.test(direction)) throw badRequest(`Invalid sort direction: ${direction}`);
    return { field, sign: direction.toLowerCase() === "desc" ? -1 : 1 };
  });
  return (a, b) => {
    for (const { field, sign } of keys) {
      const x = a[field] as string | number | boolean | undefined;
      const y = b[field] as string | number | boolean | undefined;
      if (x === y) continue;
      if (x === undefined) return 1;
      if (y === undefined) return -1;
      return (x < y ? -1 : 1) * sign;
    }
    return 0;
  };
}
