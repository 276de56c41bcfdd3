import { clientByClientId } from "../../oidc/lookup.ts";
import type { ClientRecord } from "../../store/types.ts";
import type { PolicyContext } from "../types.ts";

/**
 * The client a condition on the client judges: before an authorization request is checked (PRE_AUTHORIZATION_REQUEST)
 * the one its client_id names, as Keycloak looks it up there; else the request's own. Keycloak 26.7.3's conditions on
 * the client judge every event whose context carries a client (its ClientModelContext), which are exactly the events
 * this server runs with one; elsewhere they abstain.
 */
export function judgedClient(ctx: PolicyContext): ClientRecord | undefined {
  if (ctx.event !== "PRE_AUTHORIZATION_REQUEST") return ctx.client;
  const clientId = ctx.preAuthorization?.clientId;
  return clientId ? clientByClientId(ctx.server.db, ctx.realm, clientId) : undefined;
}
