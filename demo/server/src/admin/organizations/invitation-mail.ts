import type { FastifyRequest } from "fastify";
import type { OrganizationRecord, RealmRecord } from "../../store/types.ts";
import { sendRealmMail } from "../../mail/realm-mail.ts";
import { HttpError } from "../../http/errors.ts";

type Invitation = NonNullable<OrganizationRecord["invitations"]>[number];

/**
 * Mails an invitation through the realm's SMTP settings before it is stored. Without usable settings (none, or a
 * server that refuses) Keycloak 26.7.3 answers 500 {errorMessage: "Failed to send invite email"} and keeps nothing.
 */
export async function mailInvitation(
  req: FastifyRequest,
  realm: RealmRecord,
  org: OrganizationRecord,
  invitation: Invitation,
): Promise<void> {
  // Keycloak's wording; its mail also carries a registration link with an ORGIVT token, which this server lacks.
  const names = [invitation.firstName, invitation.lastName].filter(Boolean).map((name) => `"${name}"`);
  const text = [
    ...(names.length ? [`Hi, ${names.join(" ")}.`, ""] : []),
    `You were invited to join the "${org.name}" organization.`,
    "",
    "If you don't want to join the organization, just ignore this message.",
  ].join("\n");
  try {
    await sendRealmMail(realm, {
      to: invitation.email,
      subject: `Invitation to join the ${org.name} organization`,
      text,
    });
  } catch (error) {
    req.log.warn({ err: error }, "Failed to send invite email");
    throw new HttpError(500, { errorMessage: "Failed to send invite email" });
  }
}
