import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import {
  checkAxeAndShoot,
  expectFailedSaveKeepsForm,
  getJson,
  getRealm,
  openConsoleTab,
  openElementTab,
  saveAndWait,
  startSuite,
  stopSuite,
  toggle,
  type Json,
  type RealmSettingsSuite,
} from "./realm-settings-support.ts";

describe("realm settings: email tab", () => {
  let suite: RealmSettingsSuite;
  let sink: SmtpSink;

  before(async () => {
    suite = await startSuite();
    sink = await startSmtpSink({ users: { mailer: "s3cret" } });
  });
  after(async () => {
    await sink?.close();
    await stopSuite(suite);
  });

  const setAdminEmail = async (email: string | undefined) => {
    const [admin] = await getJson<Json[]>(suite.api, "/admin/realms/master/users?username=admin&exact=true");
    const path = `/admin/realms/master/users/${admin!.id as string}`;
    const user = await getJson(suite.api, path);
    const response = await suite.api(path, { method: "PUT", body: { ...user, email: email ?? "" } });
    assert.equal(response.status, 204, await response.text());
  };

  it("saves the mail server, and Test connection mails the signed-in administrator through it", async () => {
    const page = await openConsoleTab(suite, "email");
    const form = page.getByRole("form", { name: "Email" });
    await form.getByRole("textbox", { name: "From", exact: true }).fill("noreply@demo.example");
    await form.getByRole("textbox", { name: "From display name" }).fill("Demo Realm");
    await form.getByRole("textbox", { name: "Reply to", exact: true }).fill("help@demo.example");
    await form.getByRole("textbox", { name: "Reply to display name" }).fill("Demo Help Desk");
    await form.getByRole("textbox", { name: "Envelope from" }).fill("bounces@demo.example");
    await form.getByRole("textbox", { name: "Host" }).fill("127.0.0.1");
    await form.getByRole("textbox", { name: "Port" }).fill(String(sink.port));
    await toggle(form.getByRole("switch", { name: "Authentication" }));
    await form.getByRole("textbox", { name: "Username" }).fill("mailer");
    await form.getByLabel(/^Password/).fill("s3cret");

    // The master admin has no email address yet: the console says so and cannot test.
    await form
      .getByText("To test the connection you must first configure an e-mail address for the current user (admin).")
      .waitFor();
    assert.equal(await form.getByRole("button", { name: "Test connection" }).isDisabled(), true);
    await checkAxeAndShoot(page, "console", "realm-settings-email");
    await saveAndWait(page);

    const smtp = (await getRealm(suite.api)).smtpServer as Record<string, string>;
    assert.deepEqual(
      { ...smtp, password: undefined },
      {
        from: "noreply@demo.example",
        fromDisplayName: "Demo Realm",
        replyTo: "help@demo.example",
        replyToDisplayName: "Demo Help Desk",
        envelopeFrom: "bounces@demo.example",
        host: "127.0.0.1",
        port: String(sink.port),
        ssl: "false",
        starttls: "false",
        auth: "true",
        authType: "basic",
        user: "mailer",
        password: undefined,
      },
    );
    assert.equal(smtp.password, "**********", "the server never hands the password out");

    await setAdminEmail("admin@example.com");
    await page.reload();
    const reloaded = page.getByRole("form", { name: "Email" });
    await reloaded
      .getByText("When testing the connection an e-mail will be sent to the current user (admin@example.com).")
      .waitFor();
    assert.equal(await reloaded.getByRole("textbox", { name: "Reply to display name" }).inputValue(), "Demo Help Desk");
    assert.equal(await reloaded.getByRole("switch", { name: "Authentication" }).isChecked(), true);
    await reloaded.getByRole("button", { name: "Test connection" }).click();
    await page.getByText("Success! SMTP connection successful. E-mail was sent!").waitFor();
    const mail = await sink.waitFor((message) => message.recipients.includes("admin@example.com"));
    assert.equal(mail.authUser, "mailer");
    assert.equal(mail.envelopeFrom, "bounces@demo.example");
    assert.match(mail.headers.get("from") ?? "", /Demo Realm.*noreply@demo\.example/);
    assert.match(mail.headers.get("reply-to") ?? "", /help@demo\.example/);
    assert.equal(mail.subject, "[KEYCLOAK] - SMTP test message");

    // A wrong password fails the test with the server's message; nothing is stored by testing.
    await reloaded.getByLabel(/^Password/).fill("wrong");
    await reloaded.getByRole("button", { name: "Test connection" }).click();
    await page.getByText("Error! Failed to send email").waitFor();
    await page.close();
  });

  it("keeps the form and shows the server's message when the save fails", async () => {
    await expectFailedSaveKeepsForm(
      suite,
      "email",
      async (form) => {
        await form.getByRole("textbox", { name: "From", exact: true }).fill("noreply@gone.example");
        await form.getByRole("textbox", { name: "Host" }).fill("mail.gone.example");
      },
      async (form) => assert.equal(await form.getByRole("textbox", { name: "Host" }).inputValue(), "mail.gone.example"),
    );
  });

  it("has no serious axe violations in the dark theme", async () => {
    const page = await openElementTab(suite, "email", { theme: "dark" });
    await page.getByRole("textbox", { name: "Host" }).waitFor();
    await checkAxeAndShoot(page, "element", "realm-settings-email-dark");
    await page.close();
  });
});
