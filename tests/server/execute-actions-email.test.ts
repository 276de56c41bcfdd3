import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import type { TestServer } from "../support/server.ts";
import { type Api, createRealm, startAdminServer } from "../support/admin-api.ts";
import { keycloakAdminClient } from "../support/admin-client.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { CookieJar, get } from "./oidc-flow.ts";
import { postForm } from "./login-forms.ts";

/** PUT /users/{id}/execute-actions-email through Keycloak's admin client: checks, mail, and the link it carries. */
const REALM = "action-mails";

/** The answer of a failed admin-client call: status and Keycloak's error body. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await call;
  } catch (error) {
    const { response, responseData } = error as { response?: Response; responseData?: unknown };
    return { status: response?.status ?? 0, body: responseData };
  }
  throw new Error("the call succeeded");
}

const linkOf = (text: string) => /(http\S+login-actions\/action-token\S+)/.exec(text)![1]!;
const unescape = (value: string) => value.replace(/&amp;/g, "&");

describe("execute-actions-email through the admin client", () => {
  let server: TestServer;
  let api: Api;
  let kc: KcAdminClient;
  let sink: SmtpSink;
  let userId: string;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM);
    kc = await keycloakAdminClient(server.baseUrl, { realm: REALM });
    sink = await startSmtpSink();
    ({ id: userId } = await kc.users.create({
      username: "mailed",
      email: "mailed@example.com",
      firstName: "Mai",
      lastName: "Led",
      enabled: true,
      credentials: [{ type: "password", value: "old-password", temporary: false }],
    }));
  });
  after(async () => {
    await sink?.close();
    await server?.dispose();
  });

  it("answers 500 with the mail error while the realm has no SMTP settings", async () => {
    const answer = await refusal(kc.users.executeActionsEmail({ id: userId, actions: ["UPDATE_PASSWORD"] }));
    assert.equal(answer.status, 500);
    assert.deepEqual(answer.body, {
      errorMessage:
        "Failed to send execute actions email: Invalid sender address 'null'. If the address contains UTF-8 characters in the local part please ensure the SMTP server supports the SMTPUTF8 extension and enable 'Allow UTF-8' in the email realm configuration.",
    });
  });

  it("refuses as Keycloak does before sending anything", async () => {
    await kc.realms.update({ realm: REALM }, { smtpServer: sink.settings(), adminEventsEnabled: true });
    const cases: [Parameters<KcAdminClient["users"]["executeActionsEmail"]>[0], string][] = [
      [{ id: userId, actions: ["UPDATE_PASSWORD"], redirectUri: "http://localhost/x" }, "Client id missing"],
      [{ id: userId, actions: ["UPDATE_PASSWORD"], clientId: "no-such-client" }, "Client doesn't exist"],
      [
        { id: userId, actions: ["UPDATE_PASSWORD"], clientId: "account", redirectUri: "http://evil.example/" },
        "Invalid redirect uri.",
      ],
      [{ id: userId, actions: ["NO_SUCH_ACTION"] }, "Provided invalid required actions"],
    ];
    for (const [payload, message] of cases) {
      const answer = await refusal(kc.users.executeActionsEmail(payload));
      assert.equal(answer.status, 400, message);
      assert.deepEqual(answer.body, { errorMessage: message });
    }
    const { id: mailless } = await kc.users.create({ username: "mailless", enabled: true });
    assert.deepEqual((await refusal(kc.users.executeActionsEmail({ id: mailless, actions: [] }))).body, {
      errorMessage: "User email missing",
    });
    assert.equal(sink.messages.length, 0, "nothing was mailed");
  });

  it("mails the actions with the lifespan; the link confirms, runs them and ends on the account-updated page", async () => {
    const redirectUri = `${server.baseUrl}/realms/${REALM}/account/`;
    await kc.users.executeActionsEmail({
      id: userId,
      actions: ["UPDATE_PASSWORD"],
      lifespan: 7200,
      clientId: "account-console",
      redirectUri,
    });
    const mail = await sink.waitFor((m) => m.recipients.includes("mailed@example.com"));
    assert.equal(mail.subject, "Update Your Account");
    assert.match(mail.text, /performing the following action\(s\): Update Password\./);
    assert.match(mail.text, /This link will expire within 2 hours\./);
    assert.match(mail.html ?? "", /href="http[^"]+login-actions\/action-token\?key=/);

    const jar = new CookieJar();
    const link = linkOf(mail.text);
    const confirm = await get(link, jar);
    const confirmHtml = await confirm.text();
    assert.equal(confirm.status, 200);
    assert.match(confirmHtml, /Perform the following action\(s\)/);
    assert.match(confirmHtml, /Update Password/);
    const proceed = /id="kc-proceed" href="([^"]+)"/.exec(confirmHtml)![1]!;
    const form = await get(new URL(unescape(proceed), server.baseUrl).toString(), jar);
    const formHtml = await form.text();
    assert.match(formHtml, /id="kc-passwd-update-form"/);
    const mismatch = await postForm(
      server.baseUrl,
      formHtml,
      "kc-passwd-update-form",
      { "password-new": "new-password-1", "password-confirm": "other" },
      jar,
    );
    const mismatchHtml = await mismatch.text();
    assert.match(mismatchHtml, /Passwords don(&#39;|')t match/);
    const done = await postForm(
      server.baseUrl,
      mismatchHtml,
      "kc-passwd-update-form",
      { "password-new": "new-password-1", "password-confirm": "new-password-1" },
      jar,
    );
    const doneHtml = await done.text();
    assert.equal(done.status, 200);
    assert.match(doneHtml, /Account updated/);
    assert.match(doneHtml, /Your account has been updated\./);
    assert.match(doneHtml, new RegExp(`id="kc-back-to-application" href="${redirectUri.replace(/[/.]/g, "\\$&")}"`));

    const token = await fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "password",
        client_id: "admin-cli",
        username: "mailed",
        password: "new-password-1",
      }),
    });
    assert.equal(token.status, 200, "the new password signs in");
    const user = await kc.users.findOne({ id: userId });
    assert.equal(user!.emailVerified, true, "following the mailed link verified the address");
    assert.match(await (await get(link, new CookieJar())).text(), /Action expired/, "the link is used up");
    const adminEvents = await kc.realms.findAdminEvents({ realm: REALM, operationTypes: "ACTION" });
    assert.ok(adminEvents.some((e) => e.resourcePath === `users/${userId}/execute-actions-email`));
  });
});
