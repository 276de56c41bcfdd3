import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { sendMail } from "../../demo/server/src/mail/send-mail.ts";
import { MailError, smtpSettingsFrom } from "../../demo/server/src/mail/smtp-settings.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { testCertificate, type TestCertificate } from "../support/test-certificate.ts";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";

const content = (to: string, extra: Partial<{ subject: string; text: string; html: string }> = {}) => ({
  to,
  subject: "Hello",
  text: "Plain body",
  ...extra,
});

describe("SMTP client against the sink", () => {
  let cert: TestCertificate;
  before(() => {
    cert = testCertificate();
  });

  test("plain SMTP: envelope, headers with display names and Reply-To, UTF-8 subject, dot-stuffed body", async () => {
    const sink = await startSmtpSink();
    try {
      const settings = smtpSettingsFrom(
        sink.settings({
          fromDisplayName: "Zoë's Realm",
          replyTo: "help@example.com",
          replyToDisplayName: "Help Desk",
          envelopeFrom: "bounces@example.com",
        }),
      );
      const text = "Line one\n.\n..two dots\nlast";
      await sendMail(
        settings,
        content("alice@example.org", { subject: "Grüße – ✓ verified", text, html: "<p>Hi</p>" }),
      );
      const mail = await sink.waitFor(() => true);
      assert.equal(mail.envelopeFrom, "bounces@example.com");
      assert.deepEqual(mail.recipients, ["alice@example.org"]);
      assert.equal(mail.subject, "Grüße – ✓ verified");
      assert.match(mail.raw, /^Subject: =\?UTF-8\?B\?/m);
      assert.equal(mail.headers.get("from"), "Zoë's Realm <noreply@example.com>");
      assert.equal(mail.headers.get("reply-to"), "Help Desk <help@example.com>");
      assert.equal(mail.headers.get("to"), "alice@example.org");
      assert.equal(mail.headers.get("mime-version"), "1.0");
      assert.ok(mail.headers.get("message-id"));
      assert.ok(mail.headers.get("date"));
      assert.equal(mail.text, "Line one\r\n.\r\n..two dots\r\nlast");
      assert.equal(mail.html, "<p>Hi</p>");
      assert.equal(mail.secure, false);
    } finally {
      await sink.close();
    }
  });

  test("AUTH PLAIN and AUTH LOGIN; wrong password refused with the server's answer", async () => {
    const sink = await startSmtpSink({ users: { mailer: "s3cret" } });
    try {
      await sendMail(
        smtpSettingsFrom(sink.settings({ auth: "true", user: "mailer", password: "s3cret" })),
        content("a@b.example"),
      );
      assert.equal((await sink.waitFor(() => true)).authUser, "mailer");
      await assert.rejects(
        sendMail(
          smtpSettingsFrom(sink.settings({ auth: "true", user: "mailer", password: "wrong" })),
          content("a@b.example"),
        ),
        (error: Error) => error instanceof MailError && /535/.test(error.message),
      );
      await assert.rejects(sendMail(smtpSettingsFrom(sink.settings()), content("a@b.example")), /530/);
    } finally {
      await sink.close();
    }
  });

  test("AUTH LOGIN when the server offers only that", async () => {
    const sink = await startSmtpSink({ users: { mailer: "s3cret" }, authMethods: ["LOGIN"] });
    try {
      const settings = smtpSettingsFrom(sink.settings({ auth: "true", user: "mailer", password: "s3cret" }));
      await sendMail(settings, content("a@b.example"));
      assert.equal((await sink.waitFor(() => true)).authUser, "mailer");
    } finally {
      await sink.close();
    }
  });

  test("STARTTLS upgrades before AUTH; implicit TLS for ssl", async () => {
    const starttls = await startSmtpSink({ users: { u: "p" }, tls: { key: cert.key, cert: cert.cert } });
    const implicit = await startSmtpSink({ tls: { key: cert.key, cert: cert.cert, implicitTls: true } });
    try {
      const tls = { ca: cert.cert };
      const settings = smtpSettingsFrom(
        starttls.settings({ starttls: "true", auth: "true", user: "u", password: "p" }),
      );
      await sendMail(settings, content("x@example.com"), { tls });
      const viaStarttls = await starttls.waitFor(() => true);
      assert.equal(viaStarttls.secure, true);
      assert.equal(viaStarttls.authUser, "u");

      await sendMail(smtpSettingsFrom(implicit.settings({ ssl: "true" })), content("y@example.com"), { tls });
      assert.equal((await implicit.waitFor(() => true)).secure, true);

      await assert.rejects(
        sendMail(smtpSettingsFrom(implicit.settings({ ssl: "true" })), content("y@example.com")),
        /self-signed|certificate/,
      );
    } finally {
      await starttls.close();
      await implicit.close();
    }
  });

  test("STARTTLS asked of a server without it fails instead of sending in the clear", async () => {
    const sink = await startSmtpSink();
    try {
      await assert.rejects(
        sendMail(smtpSettingsFrom(sink.settings({ starttls: "true" })), content("z@example.com")),
        /STARTTLS is required/,
      );
      assert.equal(sink.messages.length, 0);
    } finally {
      await sink.close();
    }
  });

  test("refused recipient, unreachable host, silent server and missing sender are errors", async () => {
    const sink = await startSmtpSink({ refuseRecipients: "550 5.1.1 No such user" });
    try {
      await assert.rejects(sendMail(smtpSettingsFrom(sink.settings()), content("nobody@example.com")), /550 5\.1\.1/);
    } finally {
      await sink.close();
    }
    const closedPort = sink.port;
    await assert.rejects(
      sendMail(
        smtpSettingsFrom({ host: "127.0.0.1", port: String(closedPort), from: "a@b.example" }),
        content("c@d.example"),
      ),
      /Couldn't connect/,
    );
    const { createServer } = await import("node:net");
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      await assert.rejects(
        sendMail(
          smtpSettingsFrom({ host: "127.0.0.1", port: String(port), from: "a@b.example", timeout: "300" }),
          content("c@d.example"),
        ),
        /did not answer within 300 ms/,
      );
    } finally {
      silent.close();
    }
    // Keycloak's own words for a realm without a sender (its answer with no SMTP settings at all).
    assert.throws(() => smtpSettingsFrom({ host: "127.0.0.1" }), /Invalid sender address 'null'\./);
    assert.throws(() => smtpSettingsFrom({}), /Invalid sender address 'null'\./);
    assert.throws(() => smtpSettingsFrom({ from: "a@b.example" }), /No SMTP host/);
    await assert.rejects(
      sendMail(smtpSettingsFrom({ host: "127.0.0.1", from: "a@b.example" }), content("bad\r\nRCPT TO:<x@y>")),
      /Invalid recipient address/,
    );
  });
});

describe("POST /admin/realms/{realm}/testSMTPConnection", () => {
  let server: TestServer;
  let sink: SmtpSink;
  let cert: TestCertificate;
  let api: ReturnType<typeof adminFetch>;

  before(async () => {
    cert = testCertificate();
    sink = await startSmtpSink({ users: { mailer: "pw" }, tls: { key: cert.key, cert: cert.cert } });
    server = await startTestServer({ args: ["--seed-demo", "false"], env: { NODE_EXTRA_CA_CERTS: cert.certFile } });
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
  });
  after(async () => {
    await server?.dispose();
    await sink?.close();
  });

  test("a caller without email gets 500 Failed to send email", async () => {
    const res = await api("/admin/realms/master/testSMTPConnection", { method: "POST", body: sink.settings() });
    assert.equal(res.status, 500);
    assert.deepEqual(await res.json(), { errorMessage: "Failed to send email" });
  });

  test("sends Keycloak's test mail to the admin's address with the given settings (STARTTLS, AUTH, masked password)", async () => {
    const users = (await (await api("/admin/realms/master/users?username=admin&exact=true")).json()) as {
      id: string;
    }[];
    const id = users[0]!.id;
    const put = await api(`/admin/realms/master/users/${id}`, { method: "PUT", body: { email: "admin@example.com" } });
    assert.equal(put.status, 204);
    const realmPut = await api("/admin/realms/master", {
      method: "PUT",
      body: { smtpServer: sink.settings({ auth: "true", user: "mailer", password: "pw" }) },
    });
    assert.equal(realmPut.status, 204);
    const stored = (await (await api("/admin/realms/master")).json()) as { smtpServer: Record<string, string> };
    assert.equal(stored.smtpServer.password, "**********", "the realm never hands out the SMTP password");
    const putBack = await api("/admin/realms/master", { method: "PUT", body: { smtpServer: stored.smtpServer } });
    assert.equal(putBack.status, 204, "the mask sent back keeps the stored password");

    const body = {
      ...sink.settings({ fromDisplayName: "Master", starttls: "true", auth: "true", user: "mailer" }),
      password: "**********",
      port: sink.port,
    };
    const res = await api("/admin/realms/master/testSMTPConnection", { method: "POST", body });
    assert.equal(res.status, 204, await res.text());
    const mail = await sink.waitFor((m) => m.recipients.includes("admin@example.com"));
    assert.equal(mail.subject, "[KEYCLOAK] - SMTP test message");
    assert.equal(mail.text, "This is a test message");
    assert.equal(mail.html, "<p>This is a test message</p>");
    assert.equal(mail.headers.get("from"), "Master <noreply@example.com>");
    assert.equal(mail.secure, true);
    assert.equal(mail.authUser, "mailer");
  });

  test("a failing server and a wrong password give 500 Failed to send email; wrong types 400", async () => {
    const wrong = await api("/admin/realms/master/testSMTPConnection", {
      method: "POST",
      body: sink.settings({ auth: "true", user: "mailer", password: "nope" }),
    });
    assert.equal(wrong.status, 500);
    assert.deepEqual(await wrong.json(), { errorMessage: "Failed to send email" });
    const malformed = await api("/admin/realms/master/testSMTPConnection", {
      method: "POST",
      body: { host: { a: 1 } },
    });
    assert.equal(malformed.status, 400);
  });
});
