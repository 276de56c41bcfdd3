import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { HttpError } from "../../http/errors.ts";
import { sendMail } from "../../mail/send-mail.ts";
import { smtpSettingsFrom } from "../../mail/smtp-settings.ts";
import { SECRET_MASK } from "../components/representation.ts";
import { SmtpSettingsSchema } from "./schemas.ts";

type SmtpTestRoute = { Params: { realm: string }; Body: Record<string, string> | null };

const failed = () => new HttpError(500, { errorMessage: "Failed to send email" });

/**
 * Keycloak's test mail: sent with the given settings (a masked password means the realm's stored one) to the
 * calling administrator's address. Any failure, a caller without email included, is 500 "Failed to send email".
 */
export async function registerSmtpTestRoute(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.post<SmtpTestRoute>(
    "/admin/realms/:realm/testSMTPConnection",
    { schema: { body: SmtpSettingsSchema } },
    async (req, reply) => {
      const ctx = await adminContext(server, req, req.params.realm);
      ctx.require("manage-realm");
      const email = ctx.user.email;
      if (!email || !req.body) throw failed();
      const given: Record<string, string> = { ...req.body };
      if (given.password === SECRET_MASK) {
        const stored = ctx.realm.settings.smtpServer as Record<string, unknown> | undefined;
        given.password = String(stored?.password ?? "");
      }
      try {
        await sendMail(smtpSettingsFrom(given), {
          to: email,
          subject: "[KEYCLOAK] - SMTP test message",
          text: "This is a test message",
          html: "<p>This is a test message</p>",
        });
      } catch (error) {
        req.log.warn({ err: error }, "Failed to send email");
        throw failed();
      }
      return reply.status(204).send();
    },
  );
}
