import type { RealmRecord } from "../store/types.ts";
import type { MailContent } from "./mime-message.ts";
import { sendMail } from "./send-mail.ts";
import { smtpSettingsFrom } from "./smtp-settings.ts";

/** Sends a mail with the realm's `smtpServer` settings; throws MailError when they are missing or sending fails. */
export function sendRealmMail(realm: RealmRecord, content: MailContent): Promise<void> {
  return sendMail(smtpSettingsFrom(realm.settings.smtpServer as Record<string, unknown> | undefined), content);
}
