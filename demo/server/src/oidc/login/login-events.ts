import type { LoginContext } from "./login-context.ts";
import { recordEvent } from "../../events/record.ts";

/** A LOGIN_ERROR event of the browser flow with Keycloak's details. */
export async function loginError(ctx: LoginContext, error: string, username: string, userId?: string): Promise<void> {
  await recordEvent(ctx.server, ctx.realm, {
    type: "LOGIN_ERROR",
    clientId: ctx.client.clientId,
    userId,
    ipAddress: ctx.req.ip,
    error,
    details: { auth_method: "openid-connect", auth_type: "code", redirect_uri: ctx.request.redirectUri, username },
  });
}
