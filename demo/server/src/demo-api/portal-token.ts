import type { FastifyInstance, FastifyRequest } from "fastify";

/** The portal's own confidential client in the demo realm (see seed/demo-realm.ts). */
export const PORTAL_CLIENT = { realm: "demo", clientId: "portal", secret: "portal-secret" } as const;

export interface PortalToken {
  access_token: string;
  expires_in: number;
}

/** The headers that decide the frontend URL (and so the token's issuer): the visitor's own. */
const ADDRESS_HEADERS = ["host", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"];

/**
 * A client_credentials grant for the portal client, sent through this server's real token
 * endpoint in process, under the visitor's address so that the token's issuer is the one the
 * visitor's page talks to. The secret stays on the server.
 */
export async function mintPortalToken(app: FastifyInstance, visitor: FastifyRequest): Promise<PortalToken> {
  const basic = Buffer.from(`${PORTAL_CLIENT.clientId}:${PORTAL_CLIENT.secret}`).toString("base64");
  const forwarded = Object.fromEntries(
    ADDRESS_HEADERS.flatMap((name) => {
      const value = visitor.headers[name];
      return typeof value === "string" ? [[name, value]] : [];
    }),
  );
  const response = await app.inject({
    method: "POST",
    url: `/realms/${PORTAL_CLIENT.realm}/protocol/openid-connect/token`,
    headers: {
      ...forwarded,
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${basic}`,
    },
    payload: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
  });
  if (response.statusCode !== 200)
    throw new Error(`portal token grant failed: ${response.statusCode} ${response.body}`);
  const { access_token, expires_in } = response.json<PortalToken>();
  return { access_token, expires_in };
}
