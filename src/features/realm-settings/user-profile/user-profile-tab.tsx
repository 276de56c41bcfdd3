import type { ReactNode } from "react";
import { useLocation } from "react-router";
import type { UserProfileConfig } from "@keycloak/keycloak-admin-client/lib/defs/userProfileMetadata.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { errorMessage } from "../../../core/api/api-error.ts";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { RoutableTabs } from "../../../core/ui/page/index.ts";
import { AttributeGroupsList } from "./attribute-groups-list.tsx";
import { AttributesList } from "./attributes-list.tsx";
import { UserProfileJsonEditor } from "./user-profile-json-editor.tsx";
import { USER_PROFILE_TABS, type UserProfileTabKey } from "./paths.ts";
import { useUserProfile } from "./use-user-profile.ts";
import "./user-profile-messages.ts";
import "./user-profile.css";

const TITLES: Record<UserProfileTabKey, string> = {
  attributes: "attributes",
  "attributes-group": "attributesGroup",
  "json-editor": "jsonEditor",
};

/** Loads the user profile and hands it to `children`; a spinner meanwhile, the server's message on failure. */
export function WithUserProfile({ children }: { children(config: UserProfileConfig): ReactNode }) {
  const { t } = useMessages();
  const { query } = useUserProfile();
  if (query.isPending) return <LoadingSpinner />;
  if (query.error || !query.data)
    return (
      <Alert
        variant="danger"
        isInline
        title={t("upLoadFailed", { message: errorMessage(query.error) })}
        data-testid="user-profile-error"
      />
    );
  return children(query.data);
}

/** `realm-settings/user-profile/:tab`: attributes, attribute groups and the whole configuration as JSON. */
export function UserProfileTab() {
  const { t } = useMessages();
  const { pathname } = useLocation();
  const [, base, active] = /^(.*\/realm-settings\/user-profile)(?:\/([^/]+))?/.exec(pathname) ?? [];
  const content: Record<UserProfileTabKey, ReactNode> = {
    attributes: <WithUserProfile>{(config) => <AttributesList config={config} />}</WithUserProfile>,
    "attributes-group": <WithUserProfile>{(config) => <AttributeGroupsList config={config} />}</WithUserProfile>,
    "json-editor": <WithUserProfile>{(config) => <UserProfileJsonEditor config={config} />}</WithUserProfile>,
  };
  return (
    <RoutableTabs
      aria-label={t("userProfile")}
      activeKey={active}
      basePath={base ?? pathname.replace(/\/+$/, "")}
      tabs={USER_PROFILE_TABS.map((key) => ({ key, title: t(TITLES[key]), content: content[key] }))}
      hasSpacedContent
    />
  );
}
