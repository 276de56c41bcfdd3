import type { UserProfileConfig } from "@keycloak/keycloak-admin-client/lib/defs/userProfileMetadata.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { JsonConfigEditor } from "../json/json-config-editor.tsx";
import { useUserProfile } from "./use-user-profile.ts";
import "./user-profile-messages.ts";

const isConfig = (value: unknown): value is UserProfileConfig =>
  !!value &&
  typeof value === "object" &&
  !Array.isArray(value) &&
  Array.isArray((value as UserProfileConfig).attributes);

/** The whole user profile configuration as JSON; checked here, then by the server. */
export function UserProfileJsonEditor({ config }: { config: UserProfileConfig }) {
  const { t } = useMessages();
  const { save } = useUserProfile();
  const { addAlert } = useAlerts();
  return (
    <JsonConfigEditor
      id="kc-user-profile-json"
      label={t("upJsonLabel")}
      value={config}
      check={(parsed) => {
        if (!isConfig(parsed)) return t("upJsonNotConfig");
        if (parsed.attributes?.some((attribute) => !attribute?.name)) return t("validateAttributeName");
        return undefined;
      }}
      onSave={async (parsed) => {
        await save(parsed as UserProfileConfig);
        addAlert(t("userProfileSuccess"));
      }}
    />
  );
}
