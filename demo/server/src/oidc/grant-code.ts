import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { now } from "../common/ids.ts";
import { oauthError } from "./oauth-error.ts";
import { issueTokens, type TokenResponseBody } from "./tokens.ts";
import { provenKey } from "./dpop.ts";
import type { FormBody } from "./client-auth.ts";
import { isValidCodeVerifier, pkceChallengeMatches } from "./pkce.ts";
import { activeSession, touchSession } from "../access/sessions.ts";
import { recordEvent } from "../events/record.ts";
import { grantSession } from "./offline-grant.ts";
import { onTokenRequest } from "../client-policies/events.ts";
import { issuedTokenDetails } from "./token-event-details.ts";

export async function authorizationCodeGrant(
  server: ServerContext,
  realm: RealmRecord,
  client: ClientRecord,
  body: FormBody,
  req: FastifyRequest,
): Promise<TokenResponseBody> {
  if (!body.code) throw oauthError(400, "invalid_request", "Missing parameter: code");
  const code = server.db.get("authCodes", body.code);
  const fail = async (error: string, description: string) => {
    await recordEvent(server, realm, {
      type: "CODE_TO_TOKEN_ERROR",
      clientId: client.clientId,
      userId: code?.userId,
      sessionId: code?.sessionId,
      ipAddress: req.ip,
      error,
    });
    return oauthError(400, "invalid_grant", description);
  };
  if (!code || code.realmId !== realm.id) throw await fail("invalid_code", "Code not valid");
  await server.db.write((tx) => tx.delete("authCodes", code.id));
  if (code.expires < now()) throw await fail("expired_code", "Code not valid");
  if (code.clientId !== client.clientId) throw await fail("invalid_client_credentials", "Auth error");
  if (code.redirectUri !== undefined && body.redirect_uri !== code.redirectUri)
    throw await fail("invalid_code", "Incorrect redirect_uri");
  if (code.codeChallenge) {
    if (!body.code_verifier) throw await fail("invalid_code_verifier", "PKCE code verifier not specified");
    if (!isValidCodeVerifier(body.code_verifier))
      throw await fail("invalid_code_verifier", "PKCE invalid code verifier");
    if (!pkceChallengeMatches(code.codeChallengeMethod, code.codeChallenge, body.code_verifier)) {
      throw await fail("invalid_code_verifier", "PKCE verification failed: Code mismatch");
    }
  } else if (body.code_verifier) {
    throw await fail(
      "invalid_code_verifier",
      "PKCE code verifier specified but challenge not present in authorization",
    );
  }
  const effects = await onTokenRequest(server, realm, client, req, {
    event: "TOKEN_REQUEST",
    eventType: "CODE_TO_TOKEN",
    params: body,
    scope: code.scope,
    codeChallenge: code.codeChallenge,
    codeChallengeMethod: code.codeChallengeMethod,
    details: { grant_type: "authorization_code", code_id: code.sessionId },
    userId: code.userId,
    sessionId: code.sessionId,
  });
  if (code.dpopJkt !== undefined) {
    const proven = provenKey(req);
    if (proven !== code.dpopJkt) {
      const reason = proven ? "DPoP Proof public key thumbprint does not match dpop_jkt" : "DPoP Proof missing";
      await recordEvent(server, realm, {
        type: "CODE_TO_TOKEN_ERROR",
        clientId: client.clientId,
        userId: code.userId,
        sessionId: code.sessionId,
        ipAddress: req.ip,
        error: "invalid_request",
        details: { reason },
      });
      throw oauthError(400, "invalid_request", reason);
    }
  }
  const session = activeSession(server.db, realm, code.sessionId);
  const user = session ? server.db.get("users", session.userId) : undefined;
  if (!session || !user) throw await fail("session_expired", "Session not active");
  if (!user.enabled) throw await fail("user_disabled", "User disabled");
  const touched = await grantSession(
    server,
    realm,
    client,
    user,
    await touchSession(server, session, client),
    code.scope,
    async () => void (await fail("not_allowed", "Offline tokens not allowed for the user or client")),
  );
  const tokens = await issueTokens(server, {
    grantShortcut: "ac",
    dpopJkt: provenKey(req),
    baseUrl: frontendUrl(server, req),
    realm,
    client,
    user,
    session: touched,
    scope: code.scope,
    nonce: code.nonce,
    lightweight: effects.lightweightAccessToken,
    withRefreshToken: true,
  });
  await recordEvent(server, realm, {
    type: "CODE_TO_TOKEN",
    clientId: client.clientId,
    userId: user.id,
    sessionId: session.id,
    ipAddress: req.ip,
    details: { grant_type: "authorization_code", code_id: session.id, ...issuedTokenDetails(client, tokens) },
  });
  return tokens;
}
