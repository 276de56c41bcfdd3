import { randomBytes } from "node:crypto";
import { now } from "../common/ids.ts";
import type { ResponseMode } from "../oidc/auth-requests.ts";

/** One redirect to an external provider, waiting for its answer on the broker endpoint (Keycloak's broker state). */
export interface BrokerState {
  realmId: string;
  alias: string;
  tabId: string;
  codeVerifier: string;
  nonce: string;
  expires: number;
}

const LIFESPAN_MS = 30 * 60 * 1000;
const pending = new Map<string, BrokerState>();

export function saveBrokerState(state: Omit<BrokerState, "expires" | "codeVerifier" | "nonce">): {
  key: string;
  saved: BrokerState;
} {
  const at = now();
  for (const [key, old] of pending) if (old.expires < at) pending.delete(key);
  const key = randomBytes(24).toString("base64url");
  const saved: BrokerState = {
    ...state,
    codeVerifier: randomBytes(32).toString("base64url"),
    nonce: randomBytes(16).toString("base64url"),
    expires: at + LIFESPAN_MS,
  };
  pending.set(key, saved);
  return { key, saved };
}

/** The login a used state was for: Keycloak's state names its client, so a replay of it is answered for that client. */
export interface SpentBrokerState {
  realmId: string;
  alias: string;
  clientId: string;
  redirectUri: string;
  responseMode: ResponseMode;
  state?: string;
  expires: number;
}

const spent = new Map<string, SpentBrokerState>();

/** The state a callback names; used once. */
export function takeBrokerState(key: string | undefined, realmId: string, alias: string): BrokerState | undefined {
  const state = key ? pending.get(key) : undefined;
  if (!state) return undefined;
  pending.delete(key!);
  if (state.realmId !== realmId || state.alias !== alias || state.expires < now()) return undefined;
  return state;
}

/** Remembers, for the state's lifespan, which login a taken state was for. */
export function spendBrokerState(key: string, login: Omit<SpentBrokerState, "expires">): void {
  const at = now();
  for (const [old, entry] of spent) if (entry.expires < at) spent.delete(old);
  spent.set(key, { ...login, expires: at + LIFESPAN_MS });
}

/** The login a state already used was for, if the key names one of this realm's provider. */
export function spentBrokerState(key: string | undefined, realmId: string, alias: string) {
  const entry = key ? spent.get(key) : undefined;
  return entry && entry.realmId === realmId && entry.alias === alias && entry.expires >= now() ? entry : undefined;
}
