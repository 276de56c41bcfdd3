import { randomBytes } from "node:crypto";
import { now } from "../common/ids.ts";

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

/** The state a callback names; used once. */
export function takeBrokerState(key: string | undefined, realmId: string, alias: string): BrokerState | undefined {
  const state = key ? pending.get(key) : undefined;
  if (!state) return undefined;
  pending.delete(key!);
  if (state.realmId !== realmId || state.alias !== alias || state.expires < now()) return undefined;
  return state;
}
