import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { adminToken } from "../support/server.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { authUrl, CookieJar, get } from "./oidc-flow.ts";
import { follow, postForm } from "./login-forms.ts";

// Keycloak's UPDATE_EMAIL required action (feature on in 26.7.3, the action registered but off in a new realm): the
// Update email page, its checks, the UPDATE_EMAIL event, and with the realm verifying email the confirmation mail
// whose link applies the change. Run by verify-profile.test.ts on its server (one server for both required-action
// suites), so against the embedded server, or with KC_TARGET=keycloak and KC_REAL_URL against that real Keycloak
// (which is how the expectations below were checked on Keycloak 26.7.3).
const REALM = "update-email";
const APP = "http://app.example/cb";
const PASSWORD = "update-email-pw";

/** The text under a field of Keycloak's form (both servers mark it `input-error-<field>`). */
export function fieldError(html: string, field: string): string | undefined {
  const match = new RegExp(`id="input-error-${field}"[^>]*>(?:\\s|<[^>]*>)*([^<]+)`).exec(html);
  return match?.[1]?.trim();
}
const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** The Update email suite against the server at `target()` (read when the suite starts). */
export function updateEmailSuite(target: () => string): void {
  describe("UPDATE_EMAIL: the Update email page", () => {
    let baseUrl: string;
    let kc: KcAdminClient;
    let sink: SmtpSink;

    before(async () => {
      baseUrl = target();
      sink = await startSmtpSink();
      kc = new KcAdminClient({ baseUrl, realmName: "master" });
      kc.setAccessToken(await adminToken(baseUrl));
      if (await kc.realms.findOne({ realm: REALM })) await kc.realms.del({ realm: REALM });
      await kc.realms.create({ realm: REALM, enabled: true, eventsEnabled: true, smtpServer: sink.settings() });
      kc.setConfig({ realmName: REALM });
      await kc.clients.create({ clientId: "app", publicClient: true, redirectUris: [`${APP}*`] });
      const action = await kc.authenticationManagement.getRequiredActionForAlias({ alias: "UPDATE_EMAIL" });
      await kc.authenticationManagement.updateRequiredAction({ alias: "UPDATE_EMAIL" }, { ...action, enabled: true });
    });
    after(async () => {
      kc.setConfig({ realmName: "master" });
      await kc.realms.del({ realm: REALM });
      await sink?.close();
    });

    const user = (username: string, email: string) =>
      kc.users.create({
        username,
        enabled: true,
        email,
        emailVerified: true,
        firstName: "Up",
        lastName: "Date",
        requiredActions: ["UPDATE_EMAIL"],
        credentials: [{ type: "password", value: PASSWORD, temporary: false }],
      });

    /** Signs in through the login page and answers the Update email page. */
    async function updateEmailPage(username: string, jar: CookieJar): Promise<string> {
      const login = await get(authUrl(baseUrl, REALM, { clientId: "app", redirectUri: APP }), jar);
      let answer = await postForm(baseUrl, await login.text(), "kc-form-login", { username, password: PASSWORD }, jar);
      // Keycloak redirects to the required action's page; the embedded server answers with the page itself
      if (answer.status === 302 && !answer.headers.get("location")!.startsWith(APP))
        answer = await follow(answer, baseUrl, jar);
      assert.equal(answer.status, 200);
      return answer.text();
    }

    test("Keycloak's page refuses an invalid or taken email, then saves the new one with an UPDATE_EMAIL event", async () => {
      await user("taken", "taken@example.com");
      const { id } = await user("mover", "old@example.com");
      const jar = new CookieJar();
      const page = await updateEmailPage("mover", jar);
      assert.match(page, /id="kc-page-title"[^>]*>\s*Update email\s*</);
      assert.match(page, /<form id="kc-update-email-form"[^>]*execution=UPDATE_EMAIL/);
      assert.match(page, /<input[^>]*id="email"[^>]*value="old@example.com"/);
      assert.match(text(page), /You need to update your email address to activate your account./);
      assert.match(page, /name="logout-sessions"/, "Sign out from other devices");
      assert.match(text(page), /Sign out from other devices/);

      const invalid = await (
        await postForm(baseUrl, page, "kc-update-email-form", { email: "not-an-email" }, jar)
      ).text();
      assert.equal(fieldError(invalid, "email"), "Invalid email address.");
      assert.match(invalid, /value="not-an-email"/, "what was typed stays");
      const taken = await (
        await postForm(baseUrl, invalid, "kc-update-email-form", { email: "taken@example.com" }, jar)
      ).text();
      assert.equal(fieldError(taken, "email"), "Email already exists.");
      const empty = await (await postForm(baseUrl, taken, "kc-update-email-form", { email: "" }, jar)).text();
      assert.equal(fieldError(empty, "email"), "Please specify email. Please specify this field.");

      const done = await postForm(baseUrl, empty, "kc-update-email-form", { email: "New@Example.com" }, jar);
      assert.equal(done.status, 302);
      assert.ok(done.headers.get("location")!.startsWith(APP), "back to the application");
      const stored = await kc.users.findOne({ id });
      assert.equal(stored?.email, "new@example.com");
      assert.deepEqual(stored?.requiredActions, []);
      const [event] = await kc.realms.findEvents({ realm: REALM, type: "UPDATE_EMAIL", user: id, max: 1 });
      assert.equal(event?.details?.previous_email, "old@example.com");
      assert.equal(event?.details?.updated_email, "new@example.com");
      assert.equal(event?.details?.custom_required_action, "UPDATE_EMAIL");
      assert.equal(event?.clientId, "app");
      assert.equal(sink.messages.length, 0, "nothing mailed while the realm does not verify email");
    });

    test("kc_action on the SSO session: the action's page with Cancel, then kc_action_status back to the client", async () => {
      const { id } = await user("initiator", "initiator@example.com");
      await kc.users.update({ id }, { requiredActions: [] });
      const jar = new CookieJar();
      const login = await get(authUrl(baseUrl, REALM, { clientId: "app", redirectUri: APP }), jar);
      const signedIn = await postForm(
        baseUrl,
        await login.text(),
        "kc-form-login",
        { username: "initiator", password: PASSWORD },
        jar,
      );
      assert.ok(signedIn.headers.get("location")?.startsWith(APP), "signed in");
      /** The client's request for `action` on the SSO session: the action's page, or the redirect back. */
      const initiate = async (action: string) => {
        const url = `${authUrl(baseUrl, REALM, { clientId: "app", redirectUri: APP, state: "s1" })}&kc_action=${action}`;
        const answer = await get(url, jar);
        const location = answer.headers.get("location") ?? "";
        return answer.status === 302 && !location.startsWith(APP) ? follow(answer, baseUrl, jar) : answer;
      };
      const backTo = (answer: Response) => {
        assert.equal(answer.status, 302, "redirected");
        const location = new URL(answer.headers.get("location")!);
        assert.equal(location.origin + location.pathname, APP);
        assert.ok(location.searchParams.get("code"), "with a code");
        return Object.fromEntries(
          [...location.searchParams].filter(([name]) => name === "kc_action" || name === "kc_action_status"),
        );
      };

      const emailPage = await (await initiate("UPDATE_EMAIL")).text();
      assert.match(emailPage, /<form id="kc-update-email-form"/);
      assert.match(emailPage, /<button[^>]*name="cancel-aia"[^>]*>\s*Cancel\s*</, "Cancel offered");
      const cancelled = await postForm(baseUrl, emailPage, "kc-update-email-form", { "cancel-aia": "true" }, jar);
      assert.deepEqual(backTo(cancelled), { kc_action: "UPDATE_EMAIL", kc_action_status: "cancelled" });
      assert.equal((await kc.users.findOne({ id }))?.email, "initiator@example.com", "unchanged");

      const again = await (await initiate("UPDATE_EMAIL")).text();
      const updated = await postForm(baseUrl, again, "kc-update-email-form", { email: "aia@example.com" }, jar);
      assert.deepEqual(backTo(updated), { kc_action: "UPDATE_EMAIL", kc_action_status: "success" });
      assert.equal((await kc.users.findOne({ id }))?.email, "aia@example.com");

      const passwordPage = await (await initiate("UPDATE_PASSWORD")).text();
      assert.match(passwordPage, /<button[^>]*name="cancel-aia"/, "Cancel offered on Update password");
      const changed = await postForm(
        baseUrl,
        passwordPage,
        "kc-passwd-update-form",
        { "password-new": "aia-new-pw", "password-confirm": "aia-new-pw" },
        jar,
      );
      assert.deepEqual(backTo(changed), { kc_action: "UPDATE_PASSWORD", kc_action_status: "success" });

      // a disabled action, or one the realm lacks, answers error without a page
      assert.deepEqual(backTo(await initiate("TERMS_AND_CONDITIONS")), { kc_action_status: "error" });
      assert.deepEqual(backTo(await initiate("NO_SUCH_ACTION")), { kc_action_status: "error" });
    });

    test("Sign out from other devices ends the user's earlier sessions", async () => {
      const { id } = await user("leaver", "leaver@example.com");
      await kc.users.update({ id }, { requiredActions: [] });
      const first = new CookieJar();
      const login = await get(authUrl(baseUrl, REALM, { clientId: "app", redirectUri: APP }), first);
      const signedIn = await postForm(
        baseUrl,
        await login.text(),
        "kc-form-login",
        { username: "leaver", password: PASSWORD },
        first,
      );
      assert.ok(signedIn.headers.get("location")?.startsWith(APP), "signed in on the first device");
      assert.equal((await kc.users.listSessions({ id })).length, 1);

      await kc.users.update({ id }, { requiredActions: ["UPDATE_EMAIL"] });
      const second = new CookieJar();
      const page = await updateEmailPage("leaver", second);
      const done = await postForm(
        baseUrl,
        page,
        "kc-update-email-form",
        { email: "left@example.com", "logout-sessions": "on" },
        second,
      );
      assert.equal(done.status, 302);
      const sessions = await kc.users.listSessions({ id });
      assert.equal(sessions.length, 1, "only this login's session is left");
    });

    test("with Update email on, Update Account Information shows no Email field and does not change the email", async () => {
      const { id } = await kc.users.create({
        username: "profiler",
        enabled: true,
        email: "profiler@example.com",
        emailVerified: true,
        firstName: "Pro",
        lastName: "File",
        requiredActions: ["UPDATE_PROFILE"],
        credentials: [{ type: "password", value: PASSWORD, temporary: false }],
      });
      const jar = new CookieJar();
      const page = await updateEmailPage("profiler", jar);
      assert.match(page, /<form id="kc-update-profile-form"/);
      assert.doesNotMatch(page, /id="email"/, "no Email field");
      assert.match(page, /id="firstName"/);
      const refused = await postForm(
        baseUrl,
        page,
        "kc-update-profile-form",
        { email: "elsewhere@example.com", firstName: "Pro", lastName: "Filed" },
        jar,
      );
      assert.equal(refused.status, 200, "a posted email is refused: the page again");
      const saved = await postForm(
        baseUrl,
        await refused.text(),
        "kc-update-profile-form",
        { firstName: "Pro", lastName: "Filed" },
        jar,
      );
      assert.equal(saved.status, 302);
      const stored = await kc.users.findOne({ id });
      assert.equal(stored?.email, "profiler@example.com");
      assert.equal(stored?.lastName, "Filed");
    });

    test("with the realm verifying email a confirmation mail goes to the new address, and its link applies the change", async () => {
      await kc.realms.update({ realm: REALM }, { verifyEmail: true });
      try {
        const { id } = await user("verifier", "before@example.com");
        const jar = new CookieJar();
        const page = await updateEmailPage("verifier", jar);
        const sent = await postForm(baseUrl, page, "kc-update-email-form", { email: "after@example.com" }, jar);
        const info = await sent.text();
        assert.equal(sent.status, 200);
        assert.match(info, /Confirmation email sent/);
        assert.match(
          text(info),
          /A confirmation email has been sent to after@example.com. You must follow the instructions of the former to complete the email update./,
        );
        const waiting = await kc.users.findOne({ id });
        assert.equal(waiting?.email, "before@example.com", "not changed before the link");
        assert.deepEqual(waiting?.attributes?.["kc.email.pending"], ["after@example.com"], "the pending address shown");

        const mail = await sink.waitFor((m) => m.recipients.includes("after@example.com"));
        assert.equal(mail.subject, "Verify new email");
        assert.match(
          mail.text,
          /To update your Update-email account with email address after@example.com, click the link below/,
        );
        const [sentEvent] = await kc.realms.findEvents({ realm: REALM, type: "SEND_VERIFY_EMAIL", user: id, max: 1 });
        assert.equal(sentEvent?.details?.email, "after@example.com");

        const again = new CookieJar();
        const pendingPage = await updateEmailPage("verifier", again);
        assert.match(
          text(pendingPage),
          /A verification email was sent to after@example.com. You can submit without changes to resend the verification email, or enter a different email address./,
        );
        assert.match(pendingPage, /<input[^>]*id="email"[^>]*value="after@example.com"/);
        const resent = await (
          await postForm(baseUrl, pendingPage, "kc-update-email-form", { email: "after@example.com" }, again)
        ).text();
        assert.match(text(resent), /You must wait \d+ seconds before resending the verification email./);
        assert.equal(sink.messages.filter((m) => m.recipients.includes("after@example.com")).length, 1);

        const link = /(http\S+login-actions\/action-token\S+)/.exec(mail.text)![1]!;
        const opened = await fetch(link, { redirect: "manual", headers: { cookie: jar.header() } });
        jar.store(opened);
        const applied = opened.status === 302 ? await follow(opened, baseUrl, jar) : opened;
        const appliedPage = await applied.text();
        assert.match(appliedPage, /Email updated/);
        assert.match(text(appliedPage), /The account email has been successfully updated to after@example.com./);
        const stored = await kc.users.findOne({ id });
        assert.equal(stored?.email, "after@example.com");
        assert.equal(stored?.emailVerified, true);
        assert.equal(stored?.attributes?.["kc.email.pending"], undefined, "no longer pending");
        const [event] = await kc.realms.findEvents({ realm: REALM, type: "UPDATE_EMAIL", user: id, max: 1 });
        assert.equal(event?.details?.previous_email, "before@example.com");
        assert.equal(event?.details?.updated_email, "after@example.com");
      } finally {
        await kc.realms.update({ realm: REALM }, { verifyEmail: false });
      }
    });
  });
}
