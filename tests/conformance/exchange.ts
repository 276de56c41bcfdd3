import KcAdminClient from "@keycloak/keycloak-admin-client";

/** One HTTP request of a sequence and the answer, normalised so two servers' answers compare. */
export interface Exchange {
  step: string;
  request: string;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The headers compared: the ones a client acts on. */
const COMPARED_HEADERS = [
  "content-type",
  "location",
  "cache-control",
  "access-control-allow-origin",
  "www-authenticate",
];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const TIME_KEY =
  /timestamp|date$|^time$|notBefore|^exp$|^iat$|^auth_time$|expires|lastAccess|lastFailure|^start$|uptime/i;
const KEY_MATERIAL =
  /^(publicKey|certificate|kid|secret|value|access_token|refresh_token|id_token|session_state|sid|salt)$/;

/**
 * Rewrites what differs between any two servers by nature: ids become `<id:N>` numbered by first appearance in the
 * sequence (so the same id twice stays the same placeholder), times `<time>`, keys, secrets and tokens `<secret>`,
 * the server's own address `<base>`.
 */
export class Normaliser {
  private ids = new Map<string, string>();
  private readonly places = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  /** Writes `value` (e.g. the origin of a server a sequence starts) as `placeholder` from here on. */
  place(value: string, placeholder: string): void {
    this.places.set(value, placeholder);
  }

  /** Makes `value` an id too (ids that are not UUIDs, such as Keycloak's session ids). */
  id(value: string): void {
    if (!this.ids.has(value)) this.ids.set(value, `<id:${this.ids.size + 1}>`);
  }

  text(value: string): string {
    let placed = value;
    for (const [from, to] of this.places) placed = placed.split(from).join(to);
    return (
      placed
        .split(this.baseUrl)
        .join("<base>")
        // Keycloak names evaluation rows with their scopes in hash-set order, which changes from run to run.
        .replace(
          / with scopes \[([^\]]*)\]/g,
          (_, scopes: string) => ` with scopes [${scopes.split(", ").sort().join(", ")}]`,
        )
        .replace(/[A-Za-z0-9_-]{20,}/g, (word) => this.ids.get(word) ?? word)
        .replace(UUID, (id) => {
          if (!this.ids.has(id)) this.ids.set(id, `<id:${this.ids.size + 1}>`);
          return this.ids.get(id)!;
        })
    );
  }

  value(value: unknown, key = ""): unknown {
    if (typeof value === "number" && TIME_KEY.test(key)) return "<time>";
    if (typeof value === "string" && KEY_MATERIAL.test(key)) return "<secret>";
    if (typeof value === "string") return this.text(value);
    if (Array.isArray(value)) return value.map((item) => this.value(item, key));
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [this.text(k), this.value(v, k)]));
    return value;
  }
}

export interface Recorder {
  admin: KcAdminClient;
  /** Runs one step: every request it sends is recorded under `name`; an error answer is recorded, not thrown. */
  step(name: string, run: (admin: KcAdminClient) => Promise<unknown>, view?: (body: unknown) => unknown): Promise<void>;
  /** A plain request (OIDC endpoints the admin client has no call for). */
  fetch(name: string, path: string, init?: RequestInit, view?: (body: unknown) => unknown): Promise<void>;
  exchanges: Exchange[];
  /** Normalises `value` as an id from here on (one that is not a UUID). */
  knownId(value: string): void;
  /** Writes `value` as `placeholder` from here on (an address that differs from run to run). */
  knownPlace(value: string, placeholder: string): void;
}

/** A recorder against `baseUrl` signed in as master's admin through admin-cli, working on realm `realm`. */
export async function recorder(baseUrl: string, realm: string): Promise<Recorder> {
  const admin = new KcAdminClient({ baseUrl, realmName: "master" });
  await admin.auth({ username: "admin", password: "admin", grantType: "password", clientId: "admin-cli" });
  admin.setConfig({ realmName: realm });
  const normaliser = new Normaliser(baseUrl);
  const exchanges: Exchange[] = [];
  const original = globalThis.fetch;
  const record = async (
    step: string,
    input: RequestInfo | URL,
    init: RequestInit | undefined,
    view?: (b: unknown) => unknown,
  ) => {
    const request = new Request(input, init);
    const response = await original(request);
    const text = await response.clone().text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : "";
    } catch {
      /* not JSON: compared as text */
    }
    const headers: Record<string, string> = {};
    for (const name of COMPARED_HEADERS) {
      const value = response.headers.get(name);
      // "; charset=utf-8" on JSON says nothing (JSON is UTF-8): left out so it is not a difference
      if (value !== null)
        headers[name] = normaliser.text(name === "content-type" ? value.replace(/;\s*charset=utf-8/i, "") : value);
    }
    const url = new URL(request.url);
    exchanges.push({
      step,
      request: `${request.method} ${normaliser.text(url.pathname + url.search)}`,
      status: response.status,
      headers,
      body: normaliser.value(view && response.ok ? view(body) : body),
    });
    return response;
  };
  return {
    admin,
    exchanges,
    knownId: (value) => normaliser.id(value),
    knownPlace: (value, placeholder) => normaliser.place(value, placeholder),
    async step(name, run, view) {
      globalThis.fetch = (input, init) => record(name, input, init, view);
      try {
        await run(admin);
      } catch (error) {
        // the admin client's NetworkError carries the answer, which is recorded; anything else is the sequence's bug
        if (!(error && typeof error === "object" && "response" in error)) throw error;
      } finally {
        globalThis.fetch = original;
      }
    },
    async fetch(name, path, init, view) {
      await record(name, `${baseUrl}${path}`, init, view);
    },
  };
}

/** A body's field names, sorted: for answers whose values depend on the server's set-up (server info, a realm). */
export const keysOf = (body: unknown) => Object.keys(body as object).sort();
