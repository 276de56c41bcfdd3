import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { TestServer } from "../support/server.ts";
import { type Api, createClient, createUser, json, type Json, startAdminServer } from "../support/admin-api.ts";
import { authUrl, CookieJar, get, submitLogin } from "./oidc-flow.ts";
import { decodeEntities, errorText, follow, postForm } from "./login-forms.ts";
import { startSmtpSink } from "../support/smtp-sink.ts";
import { totp } from "../support/otp.ts";
import { createPartnerBroker } from "./broker-partner.ts";

const HOME = "fbl-home";
const PARTNER = "fbl-partner";
const REDIRECT = "http://127.0.0.1:1/callback";

/** First broker login over HTTP: review profile per the flow's config, and linking an existing account. */
describe("first broker login", () => {
  let server: TestServer;
  let api: Api;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createPartnerBroker(server, api, {
      home: HOME,
      partner: PARTNER,
      alias: "partner",
      homeRealm: { eventsEnabled: true },
      provider: { displayName: "Partner" },
    });
    // the partner's own users may lack names (what the home realm's review is about): it does not ask them at sign-in
    const verifyProfile = `/admin/realms/${PARTNER}/authentication/required-actions/VERIFY_PROFILE`;
    const action = await json(await api(verifyProfile));
    assert.equal((await api(verifyProfile, { method: "PUT", body: { ...action, enabled: false } })).status, 204);
    await createClient(api, HOME, { clientId: "app", publicClient: true, redirectUris: [REDIRECT] });
  });
  after(async () => server?.dispose());

  async function reviewMode(mode: string) {
    const executions = await json<Json[]>(
      await api(`/admin/realms/${HOME}/authentication/flows/${encodeURIComponent("first broker login")}/executions`),
    );
    const review = executions.find((e) => e.providerId === "idp-review-profile");
    assert.ok(review?.authenticationConfig, "the review profile step has a config");
    const config = await json(await api(`/admin/realms/${HOME}/authentication/config/${review.authenticationConfig}`));
    const res = await api(`/admin/realms/${HOME}/authentication/config/${review.authenticationConfig}`, {
      method: "PUT",
      body: { ...config, config: { ...config.config, "update.profile.on.first.login": mode } },
    });
    assert.equal(res.status, 204);
  }

  /** From the home login page through the partner's login to the first page the broker endpoint answers with. */
  async function brokerTo(username: string, password: string) {
    const jar = new CookieJar();
    const login = await get(authUrl(server.baseUrl, HOME, { clientId: "app", redirectUri: REDIRECT }), jar);
    const href = /href="([^"]*\/broker\/partner\/login[^"]*)"/.exec(await login.text())?.[1];
    assert.ok(href, "the provider's button");
    const toPartner = await get(new URL(decodeEntities(href), server.baseUrl).toString(), jar);
    assert.equal(toPartner.status, 303);
    const partnerPage = await get(toPartner.headers.get("location")!, jar);
    const back = await submitLogin(server.baseUrl, await partnerPage.text(), jar, username, password);
    assert.equal(back.status, 302, await back.clone().text());
    return { jar, page: await follow(back, server.baseUrl, jar) };
  }

  const codeOf = (res: Response) => {
    assert.equal(res.status, 302);
    const location = new URL(res.headers.get("location")!);
    assert.equal(`${location.origin}${location.pathname}`, REDIRECT);
    return location.searchParams.get("code");
  };

  /** A partner user and a complete home account of the same name with an OTP credential (and a password when given). */
  async function otpAccount(username: string, secret: string, homePassword?: string) {
    await createUser(api, PARTNER, username, {
      email: `${username}@partner.test`,
      credentials: [{ type: "password", value: `${username}-partner` }],
    });
    const otp = {
      type: "otp",
      userLabel: "Phone",
      secretData: JSON.stringify({ value: secret }),
      credentialData: JSON.stringify({ subType: "totp", digits: 6, counter: 0, period: 30, algorithm: "HmacSHA1" }),
    };
    return createUser(api, HOME, username, {
      email: `${username}@home.test`,
      firstName: username,
      lastName: "Home",
      attributes: { department: ["Ops"] },
      credentials: homePassword ? [{ type: "password", value: homePassword }, otp] : [otp],
    });
  }

  /** The OTP page posts to the broker's `endpoint` (not the browser flow) and refuses a wrong code: the page again. */
  async function wrongOtpOn(otpPage: string, endpoint: string, jar: CookieJar, what: string) {
    const action = decodeEntities(/<form id="kc-otp-login-form"[^>]* action="([^"]+)"/.exec(otpPage)?.[1] ?? "");
    assert.match(action, new RegExp(`/realms/${HOME}/broker/partner/${endpoint}\\?`), what);
    const wrong = await postForm(server.baseUrl, otpPage, "kc-otp-login-form", { otp: "000000" }, jar);
    const wrongHtml = await wrong.text();
    assert.equal(errorText(wrongHtml), "Invalid authenticator code.", what);
    return wrongHtml;
  }

  it("update.profile.on.first.login=on shows the review page even for a complete profile; the user is created", async () => {
    await createUser(api, PARTNER, "sam", {
      email: "sam@partner.test",
      firstName: "Sam",
      lastName: "Full",
      credentials: [{ type: "password", value: "sam-pass" }],
    });
    await reviewMode("on");
    const { jar, page } = await brokerTo("sam", "sam-pass");
    const html = await page.text();
    assert.match(html, /Update Account Information/);
    assert.match(html, /id="lastName" name="lastName" value="Full"/);
    const invalid = await postForm(
      server.baseUrl,
      html,
      "kc-idp-review-profile-form",
      { username: "sam", email: "not-an-email", firstName: "Samuel", lastName: "Full" },
      jar,
    );
    const again = await invalid.text();
    assert.equal(errorText(again), "Invalid email address.");
    assert.match(again, /value="Samuel"/, "typed values are kept");
    const done = await postForm(
      server.baseUrl,
      again,
      "kc-idp-review-profile-form",
      { username: "sam", email: "sam@partner.test", firstName: "Samuel", lastName: "Full" },
      jar,
    );
    assert.ok(codeOf(done));
    const [user] = await json<Json[]>(await api(`/admin/realms/${HOME}/users?username=sam&exact=true`));
    assert.equal(user.firstName, "Samuel");
    const links = await json<Json[]>(await api(`/admin/realms/${HOME}/users/${user.id}/federated-identity`));
    assert.deepEqual(
      links.map((l) => l.identityProvider),
      ["partner"],
    );

    // the broker's events, as Keycloak 26.7.3 records them (read on it with the identity-provider-brokering e2e)
    const samEvents = async () =>
      (await json<Json[]>(await api(`/admin/realms/${HOME}/events?client=app&max=100`)))
        .filter((e) => e.details?.identity_provider_identity === "sam")
        .reverse();
    const firstLogin = await samEvents();
    assert.deepEqual(
      firstLogin.map((e) => [e.type, e.userId, e.details.context, e.details.updated_email]),
      [
        // one event per request into the flow, without the user: the review page shown, then each submit of it
        ["IDENTITY_PROVIDER_FIRST_LOGIN", undefined, undefined, undefined],
        ["UPDATE_PROFILE", undefined, "IDP_REVIEW", undefined],
        ["UPDATE_PROFILE", undefined, "IDP_REVIEW", "sam@partner.test"],
        ["REGISTER", user.id, undefined, undefined],
        ["LOGIN", user.id, undefined, undefined],
      ],
    );
    const [start, , , register, login] = firstLogin;
    assert.equal(start.details.identity_provider, "partner");
    assert.equal(start.details.redirect_uri, REDIRECT);
    assert.match(start.details.identity_provider_broker_session_id, /^partner\../, "the partner's session");
    assert.deepEqual(
      [register.details.register_method, register.details.email, register.details.username],
      ["broker", "sam@partner.test", "sam"],
    );
    assert.equal(register.details.identity_provider, "partner");
    assert.equal(login.details.identity_provider, "partner");
    assert.equal(login.details.redirect_uri, undefined, "a first broker login's LOGIN names no redirect URI");
    assert.equal(login.details.auth_method, undefined, "nor an auth method");
    const codeIds = (byReview: boolean) =>
      firstLogin.filter((e) => (e.type === "UPDATE_PROFILE") === byReview).map((e) => e.details.code_id);
    assert.deepEqual(
      [...new Set(codeIds(false))],
      [login.details.code_id],
      "the flow's start, REGISTER and LOGIN name, as code_id, the session the login started",
    );
    const reviewIds = codeIds(true);
    assert.equal(new Set([...reviewIds, login.details.code_id]).size, 3, "each review submit has a code_id of its own");

    // a repeat sign-in is the user's LOGIN, naming the provider; no IDENTITY_PROVIDER_LOGIN
    assert.ok(codeOf((await brokerTo("sam", "sam-pass")).page));
    const repeat = (await samEvents()).slice(firstLogin.length);
    assert.deepEqual(
      repeat.map((e) => [e.type, e.userId, e.details.identity_provider, e.details.redirect_uri]),
      [["LOGIN", user.id, "partner", REDIRECT]],
    );
  });

  it("off skips the review; an existing username asks to confirm the link, re-authenticates, then links", async () => {
    await reviewMode("off");
    await createUser(api, PARTNER, "kim", {
      email: "kim@partner.test",
      credentials: [{ type: "password", value: "kim-partner" }],
    });
    const localId = await createUser(api, HOME, "kim", {
      email: "kim@home.test",
      firstName: "Kim",
      lastName: "Home",
      credentials: [{ type: "password", value: "kim-home" }],
    });
    const { jar, page } = await brokerTo("kim", "kim-partner");
    const confirm = await page.text();
    assert.match(confirm, /Account already exists/, "no review page with off, though the last name is missing");
    assert.match(decodeEntities(confirm), /User with username kim already exists\. How do you want to continue\?/);
    const reauth = await postForm(server.baseUrl, confirm, "kc-register-form", { submitAction: "linkAccount" }, jar);
    const reauthHtml = await reauth.text();
    assert.match(reauthHtml, /Authenticate to link your account with Partner/);
    const wrong = await postForm(server.baseUrl, reauthHtml, "kc-form-login", { password: "kim-partner" }, jar);
    const wrongHtml = await wrong.text();
    assert.equal(
      errorText(wrongHtml),
      "Invalid username or password.",
      "Keycloak 26.7.3's text on its re-authentication page",
    );
    let links = await json<Json[]>(await api(`/admin/realms/${HOME}/users/${localId}/federated-identity`));
    assert.deepEqual(links, [], "no link before re-authentication");
    const done = await postForm(server.baseUrl, wrongHtml, "kc-form-login", { password: "kim-home" }, jar);
    assert.ok(codeOf(done));
    links = await json<Json[]>(await api(`/admin/realms/${HOME}/users/${localId}/federated-identity`));
    assert.deepEqual(
      links.map((l) => [l.identityProvider, l.userName]),
      [["partner", "kim"]],
    );
    assert.equal((await json<Json[]>(await api(`/admin/realms/${HOME}/users?username=kim`))).length, 1);
    const events = await json<Json[]>(
      await api(`/admin/realms/${HOME}/events?type=FEDERATED_IDENTITY_LINK&user=${localId}`),
    );
    assert.equal(events.length, 1);
    assert.equal(events[0].details.identity_provider, "partner");
    // as Keycloak 26.7.3: the link names the account's username and no redirect URI; the wrong password was an error
    assert.deepEqual([events[0].details.username, events[0].details.redirect_uri], ["kim", undefined]);
    const failures = await json<Json[]>(
      await api(`/admin/realms/${HOME}/events?type=IDENTITY_PROVIDER_FIRST_LOGIN_ERROR&user=${localId}`),
    );
    assert.deepEqual(
      failures.map((e) => [e.error, e.details.identity_provider, e.details.username]),
      [["invalid_user_credentials", "partner", "kim"]],
    );
    assert.ok(events[0].details.code_id, "the link names the login (code_id)");
    assert.equal(failures[0].details.code_id, events[0].details.code_id, "the same login's code_id");
    const starts = await json<Json[]>(await api(`/admin/realms/${HOME}/events?type=IDENTITY_PROVIDER_FIRST_LOGIN`));
    assert.deepEqual(
      starts.filter((e) => e.details.identity_provider_identity === "kim").map((e) => e.details.username ?? null),
      ["kim", null, null],
      "the successful re-authentication's request names the username; the earlier requests none",
    );
  });

  it("the review page shows every attribute the user profile lets users edit, filled by the attribute importers", async () => {
    await reviewMode("missing");
    const profile = await json(await api(`/admin/realms/${HOME}/users/profile`));
    const userEdits = { view: ["admin", "user"], edit: ["admin", "user"] };
    profile.attributes.push(
      { name: "department", displayName: "Department", permissions: userEdits, required: { roles: ["user"] } },
      { name: "nickname", displayName: "Nickname", permissions: userEdits },
    );
    assert.equal((await api(`/admin/realms/${HOME}/users/profile`, { method: "PUT", body: profile })).status, 200);
    const mapper = await api(`/admin/realms/${HOME}/identity-provider/instances/partner/mappers`, {
      method: "POST",
      body: {
        name: "nickname",
        identityProviderAlias: "partner",
        identityProviderMapper: "oidc-user-attribute-idp-mapper",
        config: { syncMode: "INHERIT", claim: "preferred_username", "user.attribute": "nickname" },
      },
    });
    assert.equal(mapper.status, 201);
    await createUser(api, PARTNER, "dee", {
      email: "dee@partner.test",
      firstName: "Dee",
      lastName: "Full",
      credentials: [{ type: "password", value: "dee-pass" }],
    });
    const { jar, page } = await brokerTo("dee", "dee-pass");
    const html = await page.text();
    assert.match(html, /Update Account Information/, "missing: a required attribute is empty, so the page shows");
    assert.match(html, />Department <span class="kc-required"/);
    assert.match(html, /name="nickname" value="dee"/, "the attribute importer's value");
    const refused = await postForm(
      server.baseUrl,
      html,
      "kc-idp-review-profile-form",
      { username: "dee", email: "dee@partner.test", firstName: "Dee", lastName: "Full", nickname: "D", department: "" },
      jar,
    );
    const again = await refused.text();
    assert.equal(errorText(again), "Please specify this field.");
    assert.match(again, /name="nickname" value="D"/, "typed values are kept");
    const done = await postForm(
      server.baseUrl,
      again,
      "kc-idp-review-profile-form",
      {
        username: "dee",
        email: "dee@partner.test",
        firstName: "Dee",
        lastName: "Full",
        nickname: "D",
        department: "Sales",
      },
      jar,
    );
    assert.ok(codeOf(done));
    const [user] = await json<Json[]>(await api(`/admin/realms/${HOME}/users?username=dee&exact=true`));
    assert.deepEqual(user.attributes, { department: ["Sales"], nickname: ["D"] });
  });

  it("verify existing account by email: Keycloak's mail, whose link finishes the linking in this browser or another", async () => {
    await reviewMode("off");
    const sink = await startSmtpSink();
    const realmPath = `/admin/realms/${HOME}`;
    const realm = await json(await api(realmPath));
    const withSmtp = { ...realm, smtpServer: sink.settings() };
    assert.equal((await api(realmPath, { method: "PUT", body: withSmtp })).status, 204);
    try {
      const linkOf = (text: string) => /(http:\/\/\S+\/login-actions\/action-token\?\S+)/.exec(text)?.[1] ?? "";
      const complete = { firstName: "Lee", lastName: "Home", attributes: { department: ["Ops"] } };
      for (const [username, otherBrowser] of [
        ["lee", false],
        ["lou", true],
      ] as const) {
        const email = `${username}@shared.test`;
        await createUser(api, PARTNER, username, { email, credentials: [{ type: "password", value: "partner-pass" }] });
        const localId = await createUser(api, HOME, `${username}-home`, { email, ...complete });
        const { jar, page } = await brokerTo(username, "partner-pass");
        const confirm = await page.text();
        assert.match(decodeEntities(confirm), new RegExp(`User with email ${email} already exists`));
        const sent = await postForm(server.baseUrl, confirm, "kc-register-form", { submitAction: "linkAccount" }, jar);
        const sentHtml = decodeEntities(await sent.text());
        assert.match(sentHtml, /<h1 id="kc-page-title">Link Partner<\/h1>/);
        assert.match(
          sentHtml,
          new RegExp(
            `An email with instructions to link Partner account ${username} with your ${HOME} account has been sent to you\\.`,
          ),
        );
        const mail = await sink.waitFor((m) => m.recipients.includes(email));
        assert.equal(mail.subject, "Link Partner");
        assert.match(
          mail.text,
          new RegExp(
            `^Someone wants to link your "${HOME}" account with "Partner" account of user ${username} \\. If this was you`,
          ),
        );
        assert.match(mail.text, /This link will expire within 5 minutes\./);
        const sendEvents = await json<Json[]>(
          await api(`${realmPath}/events?type=SEND_IDENTITY_PROVIDER_LINK&user=${localId}`),
        );
        assert.equal(sendEvents.length, 1);
        assert.equal(sendEvents[0].details.email, email);
        const codeId = sendEvents[0].details.code_id;
        assert.ok(codeId, "the mail's event names the login (code_id)");
        let links = await json<Json[]>(await api(`${realmPath}/users/${localId}/federated-identity`));
        assert.deepEqual(links, [], "nothing linked before the mail's link is followed");

        const again = /href="([^"]*first-broker-login[^"]*)"/.exec(sentHtml)?.[1];
        assert.ok(again, "the page's links");
        const resent = await get(new URL(again, server.baseUrl).toString(), jar);
        assert.match(await resent.text(), /Link Partner/);
        await sink.waitFor((m) => m.recipients.includes(email) && m !== mail);
        const link = linkOf(sink.messages.filter((m) => m.recipients.includes(email)).at(-1)!.text);
        let done: Response;
        if (otherBrowser) {
          const elsewhere = new CookieJar();
          const ask = await get(link, elsewhere);
          const askHtml = decodeEntities(await ask.text());
          assert.match(
            askHtml,
            new RegExp(`Confirm linking the account ${username} of identity provider partner with your account\\.`),
          );
          links = await json<Json[]>(await api(`${realmPath}/users/${localId}/federated-identity`));
          assert.deepEqual(links, [], "opening the link alone changes nothing (a mail scanner)");
          const proceed = /id="kc-proceed" href="([^"]+)"/.exec(askHtml)![1]!;
          const info = await get(new URL(proceed, server.baseUrl).toString(), elsewhere);
          assert.match(
            await info.text(),
            /You successfully verified your email\. Please go back to your original browser/,
          );
          done = await get(new URL(again, server.baseUrl).toString(), jar);
        } else {
          done = await get(link, jar);
        }
        assert.ok(codeOf(done), "back to the app with a code");
        links = await json<Json[]>(await api(`${realmPath}/users/${localId}/federated-identity`));
        assert.deepEqual(
          links.map((l) => [l.identityProvider, l.userName]),
          [["partner", username]],
        );
        assert.equal((await json(await api(`${realmPath}/users/${localId}`))).emailVerified, true);
        const linkEvents = await json<Json[]>(
          await api(`${realmPath}/events?type=IDENTITY_PROVIDER_LINK_ACCOUNT&user=${localId}`),
        );
        assert.equal(linkEvents.length, 1);
        const logins = await json<Json[]>(await api(`${realmPath}/events?type=LOGIN&user=${localId}`));
        assert.equal(logins[0]?.sessionId, codeId, "the login's session takes the code_id its events named");
        assert.deepEqual(
          [
            linkEvents[0].details.email,
            linkEvents[0].details.identity_provider,
            linkEvents[0].details.identity_provider_identity,
          ],
          [email, "partner", username],
        );
      }
    } finally {
      assert.equal((await api(realmPath, { method: "PUT", body: { ...realm, smtpServer: {} } })).status, 204);
      await sink.close();
    }
  });

  it("a username changed on review: the flow looks for accounts again, and verify by email is passed over", async () => {
    await reviewMode("off");
    const sink = await startSmtpSink();
    const realmPath = `/admin/realms/${HOME}`;
    const realm = await json(await api(realmPath));
    assert.equal(
      (await api(realmPath, { method: "PUT", body: { ...realm, smtpServer: sink.settings() } })).status,
      204,
    );
    try {
      const names = { firstName: "Ria", lastName: "Home", attributes: { department: ["Ops"] } };
      const reviewed = { email: "", firstName: "Ria", lastName: "Home", department: "Ops" };
      /** Through the partner to the confirm page, then "Review profile": the review page. */
      async function reviewAs(username: string, passwordOfPartner: string) {
        const { jar, page } = await brokerTo(username, passwordOfPartner);
        const confirm = await page.text();
        assert.match(confirm, /Account already exists/);
        const review = await postForm(
          server.baseUrl,
          confirm,
          "kc-register-form",
          { submitAction: "updateProfile" },
          jar,
        );
        const reviewHtml = await review.text();
        assert.match(reviewHtml, /Update Account Information/);
        return { jar, reviewHtml };
      }

      // same email as a home account, username changed: the email still finds it, but no mail: re-authentication
      await createUser(api, PARTNER, "ria", {
        email: "ria@shared.test",
        credentials: [{ type: "password", value: "partner-pass" }],
      });
      const riaHome = await createUser(api, HOME, "ria-home", {
        email: "ria@shared.test",
        ...names,
        credentials: [{ type: "password", value: "ria-home-pass" }],
      });
      const ria = await reviewAs("ria", "partner-pass");
      const again = await postForm(
        server.baseUrl,
        ria.reviewHtml,
        "kc-idp-review-profile-form",
        { ...reviewed, username: "ria-new", email: "ria@shared.test" },
        ria.jar,
      );
      const confirmAgain = decodeEntities(await again.text());
      assert.match(confirmAgain, /User with email ria@shared\.test already exists/);
      const reauth = await postForm(
        server.baseUrl,
        confirmAgain,
        "kc-register-form",
        { submitAction: "linkAccount" },
        ria.jar,
      );
      assert.match(
        await reauth.text(),
        /Authenticate to link your account with Partner/,
        "not the Link Partner mail page",
      );
      const mails = await json<Json[]>(
        await api(`${realmPath}/events?type=SEND_IDENTITY_PROVIDER_LINK&user=${riaHome}`),
      );
      assert.deepEqual(mails, [], "no mail sent");

      // same username as a home account: renamed on review, the flow looks again and creates the new account
      await createUser(api, PARTNER, "sol", {
        email: "sol@partner.test",
        credentials: [{ type: "password", value: "partner-pass" }],
      });
      await createUser(api, HOME, "sol", { email: "sol@home.test", ...names });
      const sol = await reviewAs("sol", "partner-pass");
      const created = await postForm(
        server.baseUrl,
        sol.reviewHtml,
        "kc-idp-review-profile-form",
        { ...reviewed, username: "sol-2", email: "sol@partner.test" },
        sol.jar,
      );
      assert.ok(codeOf(created), "no account named sol-2: created and signed in");
      const [sol2] = await json<Json[]>(await api(`${realmPath}/users?username=sol-2&exact=true`));
      const links = await json<Json[]>(await api(`${realmPath}/users/${sol2.id}/federated-identity`));
      assert.deepEqual(
        links.map((l) => [l.identityProvider, l.userName]),
        [["partner", "sol"]],
      );
    } finally {
      assert.equal((await api(realmPath, { method: "PUT", body: { ...realm, smtpServer: {} } })).status, 204);
      await sink.close();
    }
  });

  it("re-authentication of an account with OTP: the conditional OTP form posts to the first broker login", async () => {
    await reviewMode("off");
    const secret = "fbl-otp-secret-0123";
    const localId = await otpAccount("otto", secret, "otto-home");
    const { jar, page } = await brokerTo("otto", "otto-partner");
    const reauth = await postForm(
      server.baseUrl,
      await page.text(),
      "kc-register-form",
      { submitAction: "linkAccount" },
      jar,
    );
    const password = await postForm(
      server.baseUrl,
      await reauth.text(),
      "kc-form-login",
      { password: "otto-home" },
      jar,
    );
    const wrongHtml = await wrongOtpOn(await password.text(), "first-broker-login", jar, "the OTP form of the flow");
    let links = await json<Json[]>(await api(`/admin/realms/${HOME}/users/${localId}/federated-identity`));
    assert.deepEqual(links, [], "no link before the code");
    const done = await postForm(server.baseUrl, wrongHtml, "kc-otp-login-form", { otp: totp(secret) }, jar);
    assert.ok(codeOf(done));
    links = await json<Json[]>(await api(`/admin/realms/${HOME}/users/${localId}/federated-identity`));
    assert.deepEqual(
      links.map((l) => [l.identityProvider, l.userName]),
      [["partner", "otto"]],
    );
  });

  it("runs the flow as an administrator edited it: review disabled, existing accounts linked automatically", async () => {
    const flows = `/admin/realms/${HOME}/authentication/flows`;
    const copied = await api(`${flows}/${encodeURIComponent("first broker login")}/copy`, {
      method: "POST",
      body: { newName: "auto link" },
    });
    assert.equal(copied.status, 201);
    const executions = await json<Json[]>(await api(`${flows}/${encodeURIComponent("auto link")}/executions`));
    const set = async (execution: Json, requirement: string) =>
      assert.equal(
        (
          await api(`${flows}/${encodeURIComponent("auto link")}/executions`, {
            method: "PUT",
            body: { ...execution, requirement },
          })
        ).status,
        204,
      );
    await set(
      executions.find((e) => e.providerId === "idp-review-profile")!,
      "DISABLED",
    );
    // a copy's sub-flows are named after it, as in Keycloak
    await set(
      executions.find((e) => e.displayName === "auto link Handle Existing Account")!,
      "DISABLED",
    );
    const linking = encodeURIComponent("auto link User creation or linking");
    const added = await api(`${flows}/${linking}/executions/execution`, {
      method: "POST",
      body: { provider: "idp-auto-link" },
    });
    assert.equal(added.status, 201);
    const autoLink = (await json<Json[]>(await api(`${flows}/${encodeURIComponent("auto link")}/executions`))).find(
      (e) => e.providerId === "idp-auto-link",
    )!;
    await set(autoLink, "ALTERNATIVE");
    const path = `/admin/realms/${HOME}/identity-provider/instances/partner`;
    const provider = await json(await api(path));
    assert.equal(
      (await api(path, { method: "PUT", body: { ...provider, firstBrokerLoginFlowAlias: "auto link" } })).status,
      204,
    );

    await createUser(api, PARTNER, "pat", {
      email: "pat@partner.test",
      credentials: [{ type: "password", value: "pat-partner" }],
    });
    // a complete home profile, or the realm would ask for it (VERIFY_PROFILE) before returning to the app
    const localId = await createUser(api, HOME, "pat", {
      email: "pat@home.test",
      firstName: "Pat",
      lastName: "Home",
      attributes: { department: ["Ops"] },
    });
    const { page } = await brokerTo("pat", "pat-partner");
    assert.ok(codeOf(page), "no review page (disabled) and no confirm page (auto link): straight back to the app");
    const links = await json<Json[]>(await api(`/admin/realms/${HOME}/users/${localId}/federated-identity`));
    assert.deepEqual(
      links.map((l) => [l.identityProvider, l.userName]),
      [["partner", "pat"]],
    );
  });
  it("detect existing broker user only lets accounts that exist in; the provider's post login flow runs after each sign-in", async () => {
    const flows = `/admin/realms/${HOME}/authentication/flows`;
    /** A top-level flow of REQUIRED steps, as an administrator builds it in the console. */
    async function requiredFlow(alias: string, providers: string[]) {
      const created = await api(flows, {
        method: "POST",
        body: { alias, providerId: "basic-flow", topLevel: true, builtIn: false },
      });
      assert.equal(created.status, 201);
      for (const provider of providers) {
        const added = await api(`${flows}/${encodeURIComponent(alias)}/executions/execution`, {
          method: "POST",
          body: { provider },
        });
        assert.equal(added.status, 201);
      }
      for (const execution of await json<Json[]>(await api(`${flows}/${encodeURIComponent(alias)}/executions`))) {
        const body = { ...execution, requirement: "REQUIRED" };
        const set = await api(`${flows}/${encodeURIComponent(alias)}/executions`, { method: "PUT", body });
        assert.equal(set.status, 204);
      }
    }
    await requiredFlow("existing only", ["idp-detect-existing-broker-user", "idp-auto-link"]);
    await requiredFlow("otp after broker", ["auth-otp-form"]);
    const path = `/admin/realms/${HOME}/identity-provider/instances/partner`;
    const provider = await json(await api(path));
    const flowsSet = {
      ...provider,
      firstBrokerLoginFlowAlias: "existing only",
      postBrokerLoginFlowAlias: "otp after broker",
    };
    assert.equal((await api(path, { method: "PUT", body: flowsSet })).status, 204);

    await createUser(api, PARTNER, "stranger", {
      email: "stranger@partner.test",
      credentials: [{ type: "password", value: "s-pass" }],
    });
    const refused = (await brokerTo("stranger", "s-pass")).page;
    assert.equal(refused.status, 401);
    assert.match(
      decodeEntities(await refused.text()),
      /User stranger authenticated with identity provider partner does not exist\. Please contact your administrator\./,
    );
    assert.deepEqual(await json<Json[]>(await api(`/admin/realms/${HOME}/users?username=stranger&exact=true`)), []);

    const secret = "fbl-post-login-secret";
    const localId = await otpAccount("ivy", secret);
    const rounds = ["first sign-in (linked automatically)", "later sign-in (link reused)"];
    for (const [step, round] of rounds.entries()) {
      const { jar, page } = await brokerTo("ivy", "ivy-partner");
      const wrongHtml = await wrongOtpOn(await page.text(), "post-broker-login", jar, round);
      const done = await postForm(server.baseUrl, wrongHtml, "kc-otp-login-form", { otp: totp(secret, step) }, jar);
      assert.ok(codeOf(done), round); // a code is accepted once: the next round's is a window ahead (look-ahead 1)
    }
    const links = await json<Json[]>(await api(`/admin/realms/${HOME}/users/${localId}/federated-identity`));
    assert.deepEqual(
      links.map((l) => [l.identityProvider, l.userName]),
      [["partner", "ivy"]],
    );
  });
  it("create user if unique set REQUIRED: an existing account ends on Keycloak's page and federated_identity_account_exists", async () => {
    const flows = `/admin/realms/${HOME}/authentication/flows`;
    const created = await api(flows, {
      method: "POST",
      body: { alias: "unique only", providerId: "basic-flow", topLevel: true, builtIn: false },
    });
    assert.equal(created.status, 201);
    const added = await api(`${flows}/unique%20only/executions/execution`, {
      method: "POST",
      body: { provider: "idp-create-user-if-unique" },
    });
    assert.equal(added.status, 201);
    const [step] = await json<Json[]>(await api(`${flows}/unique%20only/executions`));
    const required = { ...step, requirement: "REQUIRED" };
    assert.equal((await api(`${flows}/unique%20only/executions`, { method: "PUT", body: required })).status, 204);
    const path = `/admin/realms/${HOME}/identity-provider/instances/partner`;
    const provider = await json(await api(path));
    const uniqueOnly = { ...provider, firstBrokerLoginFlowAlias: "unique only", postBrokerLoginFlowAlias: "" };
    assert.equal((await api(path, { method: "PUT", body: uniqueOnly })).status, 204);
    try {
      await createUser(api, PARTNER, "uma", {
        email: "uma@same.test",
        credentials: [{ type: "password", value: "uma-partner" }],
      });
      const localId = await createUser(api, HOME, "uma-home", { email: "uma@same.test" });
      const { page } = await brokerTo("uma", "uma-partner");
      assert.equal(page.status, 409);
      assert.match(
        decodeEntities(await page.text()),
        /User with email uma@same\.test already exists\. Please login to account management to link the account\./,
      );
      const events = await json<Json[]>(
        await api(`/admin/realms/${HOME}/events?type=IDENTITY_PROVIDER_FIRST_LOGIN_ERROR&user=${localId}`),
      );
      assert.deepEqual(
        events.map((e) => [e.error, e.details.identity_provider, e.details.existing_email]),
        [["federated_identity_account_exists", "partner", "uma@same.test"]],
      );
      assert.deepEqual(await json<Json[]>(await api(`/admin/realms/${HOME}/users/${localId}/federated-identity`)), []);
    } finally {
      assert.equal((await api(path, { method: "PUT", body: provider })).status, 204);
    }
  });
  it("the organization sub-flow: a user brokered through an organization's provider becomes its managed member", async () => {
    const realmPath = `/admin/realms/${HOME}`;
    const realm = await json(await api(realmPath));
    assert.equal((await api(realmPath, { method: "PUT", body: { ...realm, organizationsEnabled: true } })).status, 204);
    const path = `${realmPath}/identity-provider/instances/partner`;
    const provider = await json(await api(path));
    const defaults = { ...provider, firstBrokerLoginFlowAlias: "first broker login", postBrokerLoginFlowAlias: "" };
    assert.equal((await api(path, { method: "PUT", body: defaults })).status, 204);
    const created = await api(`${realmPath}/organizations`, {
      method: "POST",
      body: { name: "Partner Org", alias: "partner-org" },
    });
    assert.equal(created.status, 201);
    const orgId = created.headers.get("location")!.split("/").at(-1)!;
    assert.equal(
      (await api(`${realmPath}/organizations/${orgId}/identity-providers`, { method: "POST", body: "partner" })).status,
      204,
    );

    await createUser(api, PARTNER, "orla", {
      email: "orla@partner.test",
      firstName: "Orla",
      lastName: "Partner",
      credentials: [{ type: "password", value: "orla-pass" }],
    });
    // an organization's provider has no button: the client names it (kc_idp_hint) and the redirector goes there
    const jar = new CookieJar();
    const hinted = `${authUrl(server.baseUrl, HOME, { clientId: "app", redirectUri: REDIRECT })}&kc_idp_hint=partner`;
    const toBroker = await get(hinted, jar);
    assert.equal(toBroker.status, 302);
    const toPartner = await follow(toBroker, server.baseUrl, jar);
    assert.equal(toPartner.status, 303);
    const partnerPage = await get(toPartner.headers.get("location")!, jar);
    const back = await submitLogin(server.baseUrl, await partnerPage.text(), jar, "orla", "orla-pass");
    assert.equal(back.status, 302, await back.clone().text());
    await follow(back, server.baseUrl, jar);
    const [user] = await json<Json[]>(await api(`${realmPath}/users?username=orla&exact=true`));
    assert.ok(user, "the brokered user was created");
    const members = await json<Json[]>(await api(`${realmPath}/organizations/${orgId}/members`));
    assert.deepEqual(
      members.map((m) => [m.username, m.membershipType]),
      [["orla", "MANAGED"]],
    );
    // an organization's provider has no button on the login page: later tests sign in through it
    assert.equal((await api(`${realmPath}/organizations/${orgId}`, { method: "DELETE" })).status, 204);
    assert.equal(
      (await api(realmPath, { method: "PUT", body: { ...realm, organizationsEnabled: false } })).status,
      204,
    );
  });

  // Keycloak 26.7.3's OpenID Connect Username Template Importer, checked there: BROKER_ID sets the link's user id as
  // made, BROKER_USERNAME the link's username lowercased and the new user's username to it, LOCAL the new user's only.
  it("a username template importer sets the new user's username, or the link's user id or username, per its target", async () => {
    const path = `/admin/realms/${HOME}/identity-provider/instances/partner`;
    const provider = await json(await api(path));
    await api(path, { method: "PUT", body: { ...provider, firstBrokerLoginFlowAlias: "first broker login" } });
    await reviewMode("off");
    const template = "${ALIAS}-${CLAIM.preferred_username | uppercase}";
    for (const [target, user] of [
      ["LOCAL", "lux"],
      ["BROKER_ID", "bea"],
      ["BROKER_USERNAME", "bob"],
    ] as const) {
      const mapper = await api(`${path}/mappers`, {
        method: "POST",
        body: {
          name: "username",
          identityProviderAlias: "partner",
          identityProviderMapper: "oidc-username-idp-mapper",
          config: { template, target, syncMode: "INHERIT" },
        },
      });
      assert.equal(mapper.status, 201);
      const partnerId = await createUser(api, PARTNER, user, {
        email: `${user}@partner.test`,
        firstName: user,
        lastName: "Template",
        credentials: [{ type: "password", value: `${user}-partner` }],
      });
      const { page } = await brokerTo(user, `${user}-partner`);
      assert.ok(codeOf(page), target);
      const [created] = await json<Json[]>(await api(`/admin/realms/${HOME}/users?email=${user}@partner.test`));
      const [link] = await json<Json[]>(await api(`/admin/realms/${HOME}/users/${created.id}/federated-identity`));
      const made = `partner-${user.toUpperCase()}`;
      assert.deepEqual(
        [created.username, link.userId, link.userName],
        target === "LOCAL"
          ? [made.toLowerCase(), partnerId, user]
          : target === "BROKER_ID"
            ? [user, made, user]
            : [made.toLowerCase(), partnerId, made.toLowerCase()],
        target,
      );
      await api(`${path}/mappers/${new URL(mapper.headers.get("location")!).pathname.split("/").pop()}`, {
        method: "DELETE",
      });
    }
  });
});
