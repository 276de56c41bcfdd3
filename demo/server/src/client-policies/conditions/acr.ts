import { acrLevels, acrLoaMap } from "../../admin/clients/client-acr.ts";
import type { ServerContext } from "../../context.ts";
import { clientAttribute } from "../../oidc/lookup.ts";
import type { ClientRecord, RealmRecord } from "../../store/types.ts";
import type { Condition } from "../types.ts";

/** The id_token `acr` values a claims parameter asks for: its `values`, else its `value`. */
function claimedAcrValues(claims: string | undefined): string[] {
  if (!claims) return [];
  try {
    const acr = (JSON.parse(claims) as { id_token?: { acr?: { value?: unknown; values?: unknown } } })?.id_token?.acr;
    if (Array.isArray(acr?.values)) return acr.values.map(String);
    return typeof acr?.value === "string" ? [acr.value] : [];
  } catch {
    return [];
  }
}

/**
 * Keycloak's requested ACR values (AcrUtils.getAcrValues): acr_values and the claims parameter's id_token acr, else
 * the client's default ACR values; with a minimum ACR, the values below its level are dropped and the minimum stands
 * in when none is left. Levels come from the ACR-LoA map, else the browser flow's levels.
 */
function requestedAcrValues(
  server: ServerContext,
  realm: RealmRecord,
  client: ClientRecord,
  acrValues?: string,
  claims?: string,
): string[] {
  let values = [...(acrValues ? acrValues.split(" ") : []), ...claimedAcrValues(claims)];
  if (values.length === 0) values = (clientAttribute(client, "default.acr.values") ?? "").split("##").filter(Boolean);
  const minimum = clientAttribute(client, "minimum.acr.value");
  if (!minimum) return values;
  const level = acrLevels(server, realm, acrLoaMap(realm, (client.rep.attributes ?? {}) as Record<string, unknown>));
  const minimumLevel = level(minimum);
  if (minimumLevel === undefined) return values;
  const kept = values.filter((value) => (level(value) ?? -Infinity) >= minimumLevel);
  return kept.length > 0 ? kept : [minimum];
}

/** An authorization request asks for the configured `acr-property`; other events abstain. As Keycloak 26.7.3's. */
export const acrCondition: Condition = (ctx, config) => {
  if (ctx.event !== "AUTHORIZATION_REQUEST" || !ctx.client) return "ABSTAIN";
  const wanted = config["acr-property"];
  const requested = requestedAcrValues(
    ctx.server,
    ctx.realm,
    ctx.client,
    ctx.authorization?.acrValues,
    ctx.authorization?.claims,
  );
  return typeof wanted === "string" && requested.includes(wanted) ? "YES" : "NO";
};
