import type { MapperType } from "./types.ts";
import { mapClaim } from "./claim-values.ts";
import { allowedOrigins } from "../redirect-uris.ts";
import { clientByClientId } from "../lookup.ts";

const ALL = ["access", "id", "userinfo", "introspection"] as const;

const hardcodedClaim: MapperType = {
  id: "oidc-hardcoded-claim-mapper",
  kinds: ALL,
  priority: 0,
  apply(claims, config) {
    mapClaim(claims, config, config["claim.value"]);
  },
};

const sessionNote: MapperType = {
  id: "oidc-usersessionmodel-note-mapper",
  kinds: ALL,
  priority: 0,
  apply(claims, config, { notes }) {
    const note = config["user.session.note"];
    if (note) mapClaim(claims, config, notes[note]);
  },
};

const audience: MapperType = {
  id: "oidc-audience-mapper",
  kinds: ["access", "id", "introspection"],
  priority: 0,
  apply(_claims, config, state) {
    const clientId = config["included.client.audience"];
    const value =
      clientId && clientByClientId(state.db, state.realm, clientId) ? clientId : config["included.custom.audience"];
    if (value && !state.audiences.includes(value)) state.audiences.push(value);
  },
};

const allowedOriginsMapper: MapperType = {
  id: "oidc-allowed-origins-mapper",
  kinds: ["access", "introspection"],
  priority: 0,
  apply(claims, _config, { client, baseUrl }) {
    const origins = allowedOrigins(client, baseUrl);
    if (origins.length) claims["allowed-origins"] = origins;
  },
};

/** The authentication's level of assurance; every sign-in here is a full password login, level 1. */
const acr: MapperType = {
  id: "oidc-acr-mapper",
  kinds: ["access", "id", "introspection"],
  priority: 0,
  apply(claims) {
    claims.acr = "1";
  },
};

export const CLAIM_MAPPERS = [hardcodedClaim, sessionNote, audience, allowedOriginsMapper, acr];
