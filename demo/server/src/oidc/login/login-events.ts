import type { LoginContext } from "./login-context.ts";
import { recordEvent } from "../../events/record.ts";

/** A LOGIN_ERROR event of the browser flow with Keycloak's details (a step that names no username leaves it out). */
export async function loginError(
  ctx: LoginContext,
  error: string,
  username: string | undefined,
  userId?: string,
  extra: Record<string, string> = {},
): Promise<void> {
  const details: Record<string, string> = {
    auth_method: "openid-connect",
    auth_type: "code",
    redirect_uri: ctx.request.redirectUri,
    ...extra,
  };
  if (username !== undefined) details.username = username;
  await recordEvent(ctx.server, ctx.realm, {
    type: "LOGIN_ERROR",
    clientId: ctx.client.clientId,
    userId,
    ipAddress: ctx.req.ip,
    error,
    details,
  });
}
