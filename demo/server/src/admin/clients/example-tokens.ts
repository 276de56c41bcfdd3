import { randomUUID } from "node:crypto";
import type { ServerContext } from "../../context.ts";
import type { ClientRecord, ClientScopeRecord, RealmRecord, UserRecord } from "../../store/types.ts";
import { tokenScopeValue } from "./scope-evaluation.ts";
import { issuerOf, tokenPayload } from "../../oidc/tokens.ts";
import { mapClaims } from "../../oidc/mappers/apply.ts";
import type { MapperInput } from "../../oidc/mappers/types.ts";
import { realmNumber } from "../../oidc/lookup.ts";

export interface ExampleTokenInput {
  server: ServerContext;
  /** The frontend URL of the request (the example tokens' issuer). */
  baseUrl: string;
  realm: RealmRecord;
  client: ClientRecord;
  user: UserRecord;
  scopes: ClientScopeRecord[];
  audience?: string;
}

type Claims = Record<string, unknown>;

/** The same mapper input a sign-in of this user would have, with a session that starts now. */
function mapperInput(input: ExampleTokenInput): MapperInput {
  const { server, realm, client, user, scopes, baseUrl } = input;
  return { db: server.db, realm, client, user, scopes, baseUrl, notes: { AUTH_TIME: String(issuedAt()) } };
}

const issuedAt = () => Math.floor(Date.now() / 1000);

function ownClaims(input: ExampleTokenInput, typ: string): Claims {
  const iat = issuedAt();
  return {
    exp: iat + realmNumber(input.realm, "accessTokenLifespan", 300),
    iat,
    jti: randomUUID(),
    iss: issuerOf(input.baseUrl, input.realm),
    typ,
    azp: input.client.clientId,
    sid: randomUUID(),
  };
}

/** The example access token of the evaluate tab: the claims a sign-in with these scopes would give. */
export function exampleAccessToken(input: ExampleTokenInput): Claims {
  const mapped = mapClaims(mapperInput(input), "access", input.audience ? [input.audience] : []);
  return tokenPayload({ ...ownClaims(input, "Bearer"), scope: tokenScopeValue(input.scopes) }, mapped);
}

export function exampleIdToken(input: ExampleTokenInput): Claims {
  const mapped = mapClaims(mapperInput(input), "id", [input.client.clientId]);
  return tokenPayload({ ...ownClaims(input, "ID"), sub: input.user.id }, mapped);
}

export function exampleUserinfo(input: ExampleTokenInput): Claims {
  return { sub: input.user.id, ...mapClaims(mapperInput(input), "userinfo") };
}
