import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { newId } from "../common/ids.ts";
import { clientByClientId } from "../oidc/lookup.ts";
import { applyClientUpdate, newClientRecord } from "../admin/clients/client-record.ts";
import { clientRepresentation } from "../admin/clients/representations.ts";
import { enableServiceAccount } from "../admin/clients/service-account.ts";
import { removeClient } from "../admin/clients/client-removal.ts";
import { enableAuthorization } from "../admin/authorization/resource-server.ts";
import { clientUrlProblems } from "../admin/clients/client-urls.ts";
import { clientAcrProblems } from "../admin/clients/client-acr.ts";
import { HttpError } from "../http/errors.ts";
import { insufficientScope, invalidClientMetadata } from "./errors.ts";
import { registrationCaller, requireCreate, requireUpdate, requireView } from "./auth.ts";
import { PolicyRefusal, runPolicies, type PolicyContext } from "./policies.ts";
import { newRegistrationAccessToken } from "./tokens.ts";
import { checkClientPolicies } from "./client-policies.ts";

/** One registration request: the realm, its issuer and the caller's address. */
export interface RegistrationRequest {
  server: ServerContext;
  req: FastifyRequest;
  realm: RealmRecord;
  issuer: string;
}

/** The refusing policy's name of a policy refusal, for its event's details. */
export const POLICY_OF = new WeakMap<object, string>();

/** Policies refuse with 403 insufficient_scope and their message, as Keycloak's ClientRegistrationAuth. */
async function policies(call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (error instanceof PolicyRefusal) {
      const refusal = insufficientScope(error.message);
      if (error.policyName) POLICY_OF.set(refusal, error.policyName);
      throw refusal;
    }
    throw error;
  }
}

const policyContext = (r: RegistrationRequest, client: Record<string, unknown>): PolicyContext => ({
  db: r.server.db,
  realm: r.realm,
  remoteAddress: r.req.ip,
  client,
});

/**
 * The admin API's client validation (URLs, ACR settings), answered in the registration endpoints' error format:
 * invalid_redirect_uri when a redirect URI is at fault, else invalid_client_metadata; every problem in the description.
 */
function checkRegisteredClient(r: RegistrationRequest, input: Record<string, unknown>, stored?: ClientRecord): void {
  const problems = [...clientUrlProblems(input), ...clientAcrProblems(r.server, r.realm, input, stored)];
  if (problems.length === 0) return;
  throw new HttpError(400, {
    error: problems.some((problem) => problem.startsWith("A redirect URI"))
      ? "invalid_redirect_uri"
      : "invalid_client_metadata",
    error_description: problems.join("; "),
  });
}

/** The stored client as ClientRepresentation, with its secret (confidential clients) and a registration token. */
function representationOf(r: RegistrationRequest, client: ClientRecord, registrationAccessToken?: string) {
  const rep = clientRepresentation(r.server.db, client);
  if (rep.bearerOnly === true || rep.publicClient === true) delete rep.secret;
  if (registrationAccessToken !== undefined) rep.registrationAccessToken = registrationAccessToken;
  return rep;
}

/** Registers a client (Keycloak's AbstractClientRegistrationProvider.create). */
export async function registerClient(r: RegistrationRequest, input: Record<string, unknown>) {
  const { db } = r.server;
  const caller = await registrationCaller(r.server, r.req, r.realm, r.issuer);
  const auth = requireCreate(caller);
  await checkClientPolicies(r, caller, input);
  await policies(() =>
    runPolicies(db, r.realm, auth, (p, config) => p.beforeRegister?.(policyContext(r, input), config)),
  );
  checkRegisteredClient(r, input);
  const clientId = typeof input.clientId === "string" && input.clientId.trim() !== "" ? input.clientId : newId();
  if (clientByClientId(db, r.realm, clientId)) throw invalidClientMetadata("Client Identifier in use");
  const record = newClientRecord(db, r.realm, { ...input, clientId, id: undefined });
  await runPolicies(db, r.realm, auth, (p, config) => p.afterRegister?.(record, config));
  const token = await newRegistrationAccessToken(r.server, r.realm, r.issuer, auth);
  record.registrationTokenId = token.id;
  const realm = db.get("realms", r.realm.id) ?? r.realm;
  await db.write((tx) => {
    const account =
      record.rep.serviceAccountsEnabled === true ? enableServiceAccount(db, tx, r.realm, record) : undefined;
    if (input.authorizationServicesEnabled === true) enableAuthorization(db, tx, r.realm, record, account);
    tx.put("clients", record);
    if (caller.initialAccess) {
      realm.clientInitialAccess = (realm.clientInitialAccess ?? []).map((entry) =>
        entry.id === caller.initialAccess!.id ? { ...entry, remainingCount: entry.remainingCount - 1 } : entry,
      );
      tx.put("realms", realm);
    }
  });
  const rep = representationOf(r, record, token.token);
  rep.directAccessGrantsEnabled = false;
  return { client: record, rep };
}

/** Reads a client; a registration access token comes back unchanged (Keycloak re-signs it only after a key change). */
export async function readClient(r: RegistrationRequest, clientId: string) {
  const caller = await registrationCaller(r.server, r.req, r.realm, r.issuer);
  const { client, auth } = requireView(caller, clientByClientId(r.server.db, r.realm, clientId));
  await policies(() =>
    runPolicies(r.server.db, r.realm, auth, (p, config) => p.beforeView?.(policyContext(r, {}), config)),
  );
  const token = caller.payload?.typ === "RegistrationAccessToken" ? caller.token : undefined;
  return { client, rep: representationOf(r, client, token) };
}

/**
 * Updates a client and, for a registration access token, rotates it (Keycloak's update) unless a client policy's
 * registration-access-token-rotation-disabled keeps it.
 */
export async function updateClient(r: RegistrationRequest, clientId: string, input: Record<string, unknown>) {
  const { db } = r.server;
  const caller = await registrationCaller(r.server, r.req, r.realm, r.issuer);
  const { client, auth } = requireUpdate(caller, clientByClientId(db, r.realm, clientId));
  const effects = await checkClientPolicies(r, caller, input, client);
  await policies(() =>
    runPolicies(db, r.realm, auth, (p, config) => p.beforeUpdate?.(policyContext(r, input), client, config)),
  );
  if (input.clientId !== client.clientId) throw invalidClientMetadata("Client Identifier modified");
  checkRegisteredClient(r, input, client);
  let token: string | undefined;
  if (caller.payload?.typ === "RegistrationAccessToken") {
    if (effects.keepRegistrationAccessToken) token = caller.token;
    else {
      const rotated = await newRegistrationAccessToken(r.server, r.realm, r.issuer, auth);
      client.registrationTokenId = rotated.id;
      token = rotated.token;
    }
  }
  await db.write((tx) => {
    applyClientUpdate(client, { ...input, id: undefined });
    tx.put("clients", client);
  });
  return { client, rep: representationOf(r, client, token) };
}

/** Deletes a client (Keycloak's delete). */
export async function deleteClient(r: RegistrationRequest, clientId: string) {
  const { db } = r.server;
  const caller = await registrationCaller(r.server, r.req, r.realm, r.issuer);
  const { client, auth } = requireUpdate(caller, clientByClientId(db, r.realm, clientId));
  await policies(() => runPolicies(db, r.realm, auth, (p, config) => p.beforeDelete?.(policyContext(r, {}), config)));
  await db.write((tx) => removeClient(db, tx, r.realm, client));
  return { client };
}
