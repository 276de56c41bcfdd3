import { decodeProtectedHeader, jwtVerify, SignJWT } from "jose";
import type { ServerContext } from "../context.ts";
import type { RealmRecord } from "../store/types.ts";
import { newId } from "../common/ids.ts";
import { realmSigningKey, realmVerificationKeys } from "../oidc/keys.ts";
import { issuerOf } from "../oidc/tokens.ts";

/** One permission a ticket asks for: a resource (`rsid`) and the scopes on it, as UMA's permission endpoint takes. */
export interface TicketPermission {
  rsid: string;
  scopes: string[];
}

const TICKET_TYPE = "uma-ticket";
const TICKET_LIFESPAN_SECONDS = 300;

/** A signed permission ticket for the resource server `azp`, asked for by `sub` (the PAT's subject). */
export async function issuePermissionTicket(
  server: ServerContext,
  baseUrl: string,
  realm: RealmRecord,
  grant: { sub: string; azp: string; permissions: TicketPermission[] },
): Promise<string> {
  const key = await realmSigningKey(server, realm, "RS256");
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ permissions: grant.permissions, azp: grant.azp })
    .setProtectedHeader({ alg: key.algorithm, typ: "JWT", kid: key.kid })
    .setIssuedAt(now)
    .setExpirationTime(now + TICKET_LIFESPAN_SECONDS)
    .setJti(newId())
    .setAudience(issuerOf(baseUrl, realm))
    .setSubject(grant.sub)
    .setIssuer(TICKET_TYPE)
    .sign(key.privateKey);
}

/** The ticket's resource server (`azp`) and permissions, or undefined when it is not a valid ticket of this realm. */
export async function verifyPermissionTicket(
  server: ServerContext,
  baseUrl: string,
  realm: RealmRecord,
  ticket: string,
): Promise<{ azp: string; permissions: TicketPermission[] } | undefined> {
  try {
    const { kid } = decodeProtectedHeader(ticket);
    const key = (await realmVerificationKeys(server, realm)).find((k) => k.kid === kid);
    if (!key) return undefined;
    const { payload } = await jwtVerify(ticket, key.verifyKey, {
      issuer: TICKET_TYPE,
      audience: issuerOf(baseUrl, realm),
      algorithms: [key.algorithm],
    });
    const permissions = Array.isArray(payload.permissions) ? (payload.permissions as TicketPermission[]) : [];
    return typeof payload.azp === "string" ? { azp: payload.azp, permissions } : undefined;
  } catch {
    return undefined;
  }
}
