import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { RealmRecord } from "../store/types.ts";
import { recordEvent } from "../events/record.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "./html.ts";
import { realmTitle, sendErrorPage } from "./error-page.ts";
import { clientByClientId, realmByName, realmNumber } from "./lookup.ts";
import { saveAuthRequest } from "./auth-requests.ts";
import { runBrowserFlow } from "./login/browser-flow.ts";
import { deviceByConsentCode, deviceByUserCode } from "./device-codes.ts";
import { verificationUri } from "./device-grant.ts";

const INVALID_CODE = "Invalid code, please try again.";
const EXPIRED_CODE = "The code has expired. Please go back to your device and try connecting again.";

const statusPath = (realm: RealmRecord) => `/realms/${encodeURIComponent(realm.realm)}/device/status`;

/** login-oauth2-device-verify-user-code: the form where the user types the code the device shows. */
function sendUserCodePage(reply: FastifyReply, realm: RealmRecord, error?: string) {
  const invalid = error ? ` aria-invalid="true" aria-describedby="input-error"` : "";
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(realm))}</p>
<h1 id="kc-page-title">Device Login</h1>
<form id="kc-user-verify-device-user-code-form" action="/realms/${escapeHtml(encodeURIComponent(realm.realm))}/device" method="post" novalidate>
<label for="device_user_code">Enter the code provided by your device and click Submit</label>
<input type="text" id="device_user_code" name="device_user_code" autocomplete="off" autofocus dir="ltr"${invalid}>${
    error ? `\n<span id="input-error" class="kc-error" aria-live="polite">${escapeHtml(error)}</span>` : ""
  }
<input type="submit" id="kc-login" value="Submit">
</form>`;
  return reply
    .status(200)
    .headers(HTML_SECURITY_HEADERS)
    .send(themePage(realmTitle(realm), body));
}

/** The code the user typed: a known pending one starts the browser flow for its client, as Keycloak's verifyUserCode. */
async function verifyUserCode(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  typed: string,
) {
  const device = deviceByUserCode(server, realm, typed);
  const refuse = async (message: string, reason: string) => {
    await recordEvent(server, realm, {
      type: "OAUTH2_DEVICE_VERIFY_USER_CODE_ERROR",
      ipAddress: req.ip,
      error: "invalid_oauth2_user_code",
      details: { reason },
    });
    return sendUserCodePage(reply, realm, message);
  };
  if (!device) return refuse(INVALID_CODE, "device code not found (it may already have been used)");
  if (device.status === "approved") return refuse(INVALID_CODE, "device code already used and not yet deleted");
  if (device.status === "denied") return refuse(INVALID_CODE, "device code denied");
  if (device.expires < Date.now()) return refuse(EXPIRED_CODE, "device code expired");
  const client = clientByClientId(server.db, realm, device.clientId);
  if (!client || client.rep.enabled === false) return sendErrorPage(reply, realm, "Client disabled.");
  await recordEvent(server, realm, {
    type: "OAUTH2_DEVICE_VERIFY_USER_CODE",
    clientId: client.clientId,
    ipAddress: req.ip,
    details: device.scope !== undefined ? { scope: device.scope } : undefined,
  });
  const request = saveAuthRequest(
    {
      realmId: realm.id,
      clientId: client.clientId,
      redirectUri: verificationUri(server, req, realm),
      responseMode: "query",
      scope: device.scope ?? "",
      nonce: device.nonce,
      deviceUserCode: device.userCode,
    },
    realmNumber(realm, "accessCodeLifespanLogin", 1800),
  );
  return runBrowserFlow({ server, req, reply, realm, client, request });
}

/** The end of a device login: Keycloak's info page, successful or failed. */
function sendStatusPage(reply: FastifyReply, realm: RealmRecord, error: string | undefined) {
  const heading = error ? "Device Login Failed" : "Device Login Successful";
  const message =
    error === "access_denied"
      ? "Consent denied for connecting the device."
      : error === "expired_token"
        ? EXPIRED_CODE
        : error
          ? "You may close this browser window and go back to your device and try connecting again."
          : "You may close this browser window and go back to your device.";
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(realm))}</p>
<h1 id="kc-page-title">${heading}</h1>
<div id="kc-info-message"><p class="${error ? "kc-error" : "kc-info"}">${escapeHtml(message)}</p></div>`;
  return reply
    .status(200)
    .headers(HTML_SECURITY_HEADERS)
    .send(themePage(realmTitle(realm), body));
}

const field = (body: unknown, name: string): string | undefined => {
  const value = body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === "string" ? value : Array.isArray(value) ? String(value[0]) : undefined;
};

/** The browser's side of the device flow: the user-code page, the consent answer and the closing page. */
export async function registerDevicePages(app: FastifyInstance, server: ServerContext): Promise<void> {
  const withRealm =
    <R extends FastifyRequest<{ Params: { realm: string } }>>(
      handle: (req: R, reply: FastifyReply, realm: RealmRecord) => unknown,
    ) =>
    (req: R, reply: FastifyReply) => {
      const realm = realmByName(server.db, req.params.realm);
      if (!realm) return sendErrorPage(reply, undefined, "Realm does not exist", 404);
      if (!realm.enabled) return sendErrorPage(reply, realm, "Realm not enabled");
      return handle(req, reply, realm);
    };
  app.get<{ Params: { realm: string }; Querystring: Record<string, string | undefined> }>(
    "/realms/:realm/device",
    withRealm((req, reply, realm) => {
      const typed = req.query.user_code;
      return typed ? verifyUserCode(server, req, reply, realm, typed) : sendUserCodePage(reply, realm);
    }),
  );
  app.post<{ Params: { realm: string } }>(
    "/realms/:realm/device",
    withRealm((req, reply, realm) => {
      const typed = field(req.body, "device_user_code")?.trim();
      return typed ? verifyUserCode(server, req, reply, realm, typed) : sendUserCodePage(reply, realm, INVALID_CODE);
    }),
  );
  app.post<{ Params: { realm: string } }>(
    "/realms/:realm/device/consent",
    withRealm(async (req, reply, realm) => {
      const code = field(req.body, "code");
      const device = code ? deviceByConsentCode(server, realm, code) : undefined;
      if (!device || device.status !== "pending")
        return sendErrorPage(reply, realm, "Your login attempt timed out. Login will start from the beginning.");
      device.consentCode = undefined;
      const event = {
        clientId: device.clientId,
        userId: device.userId,
        sessionId: device.sessionId,
        ipAddress: req.ip,
      };
      if (field(req.body, "accept") === undefined) {
        device.status = "denied";
        await recordEvent(server, realm, {
          ...event,
          type: "LOGIN_ERROR",
          error: "rejected_by_user",
          details: { ...device.loginDetails, consent: "consent_denied" },
        });
        return reply.redirect(`${statusPath(realm)}?error=access_denied`, 302);
      }
      if (device.expires < Date.now()) return reply.redirect(`${statusPath(realm)}?error=expired_token`, 302);
      device.status = "approved";
      await recordEvent(server, realm, {
        ...event,
        sessionId: device.sessionId,
        type: "LOGIN",
        details: { ...device.loginDetails, consent: "consent_granted" },
      });
      return reply.redirect(statusPath(realm), 302);
    }),
  );
  app.get<{ Params: { realm: string }; Querystring: Record<string, string | undefined> }>(
    "/realms/:realm/device/status",
    withRealm((req, reply, realm) => sendStatusPage(reply, realm, req.query.error)),
  );
}
