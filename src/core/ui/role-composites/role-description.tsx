import { useMessages } from "../../i18n/use-messages.ts";
import { translatePlaceholder } from "../user-profile/translate-placeholder.ts";
import "./built-in-role-messages.ts";

/** A role's description; Keycloak's built-in roles carry `${key}` placeholders that are translated. */
export function RoleDescription({ text }: { text?: string }) {
  const { t } = useMessages();
  return <>{translatePlaceholder(t, text) ?? ""}</>;
}
