import type { ClientPolicyError, RegistrationEffects, UpdaterSource } from "../client-policies/types.ts";
import { runClientPolicyCheck } from "../client-policies/events.ts";
import type { ClientRecord, UserRecord } from "../store/types.ts";
import { insufficientScope } from "./errors.ts";
import type { RegistrationCaller } from "./auth.ts";
import type { RegistrationRequest } from "./operations.ts";
import { INITIAL_ACCESS_TOKEN, REGISTRATION_ACCESS_TOKEN } from "./tokens.ts";
import { tokenUserId } from "../access/token-user.ts";
import { frontendUrl } from "../http/frontend-url.ts";

/** The client policy refusal behind a registration endpoint's 403, for the error events. */
export const CLIENT_POLICY_REFUSAL = new WeakMap<object, ClientPolicyError>();

function sourceOf(caller: RegistrationCaller): UpdaterSource {
  switch (caller.payload?.typ) {
    case undefined:
      return "ByAnonymous";
    case INITIAL_ACCESS_TOKEN:
      return "ByInitialAccessToken";
    case REGISTRATION_ACCESS_TOKEN:
      return "ByRegistrationAccessToken";
    default:
      return "ByAuthenticatedUser";
  }
}

function userOf(r: RegistrationRequest, caller: RegistrationCaller): UserRecord | undefined {
  const userId = caller.payload ? tokenUserId(r.server.db, r.realm, caller.payload) : undefined;
  if (sourceOf(caller) !== "ByAuthenticatedUser" || !userId) return undefined;
  const user = r.server.db.get("users", userId);
  return user?.realmId === r.realm.id ? user : undefined;
}

/**
 * Runs the realm's client policies on a client registered (REGISTER) or updated (UPDATE, `client` given) through
 * dynamic client registration. Keycloak answers a refusal with 403 insufficient_scope whose description is the
 * refusal's error code; the executors may augment `input` before it is stored, and on UPDATE say what the answer
 * should be (the effects returned).
 */
export async function checkClientPolicies(
  r: RegistrationRequest,
  caller: RegistrationCaller,
  input: Record<string, unknown>,
  client?: ClientRecord,
): Promise<RegistrationEffects> {
  const registration: RegistrationEffects = {};
  const refused = await runClientPolicyCheck({
    server: r.server,
    realm: r.realm,
    event: client ? "UPDATE" : "REGISTER",
    client,
    proposed: input,
    updater: { source: sourceOf(caller), user: userOf(r, caller), ipAddress: r.req.ip },
    requestUrl: frontendUrl(r.server, r.req),
    ...(client ? { registration } : {}),
  });
  if (!refused) return registration;
  const error = insufficientScope(refused.error);
  CLIENT_POLICY_REFUSAL.set(error, refused);
  throw error;
}
