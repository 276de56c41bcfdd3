import { useState } from "react";
import { Dropdown, DropdownItem, DropdownList } from "../../core/ui/overlays/dropdown.tsx";
import { MenuToggle } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useRuntime } from "../../core/runtime/runtime-context.tsx";
import { useWhoAmI } from "../../core/runtime/realm-scope.tsx";
import { fullName } from "./full-name.ts";
import { UserAvatar } from "./user-avatar.tsx";
import { useClearCaches } from "./use-clear-caches.ts";

export function accountUrl(serverUrl: string, authRealm: string) {
  return `${serverUrl}/realms/${encodeURIComponent(authRealm)}/account`;
}

/** Full name, manage account, clear caches (master + manage-realm), sign out. */
export function UserMenu() {
  const { t } = useMessages();
  const { auth, serverUrl, authRealm } = useRuntime();
  const clearCaches = useClearCaches();
  const [open, setOpen] = useState(false);
  const whoAmI = useWhoAmI();
  const claims = auth.idTokenClaims();
  // A host's token provider brings no ID token: who-am-I's display name names the user then.
  const name = fullName(claims, whoAmI.displayName || t("unknownUser"));
  return (
    <Dropdown
      isOpen={open}
      onOpenChange={setOpen}
      onSelect={() => setOpen(false)}
      popperProps={{ position: "right" }}
      toggle={(ref) => (
        <MenuToggle
          ref={ref}
          variant="plainText"
          isExpanded={open}
          onClick={() => setOpen(!open)}
          icon={<UserAvatar picture={claims?.picture} />}
          aria-label={t("userMenuNamed", { name })}
          data-testid="user-menu-toggle"
        >
          {name}
        </MenuToggle>
      )}
    >
      <DropdownList>
        <DropdownItem key="account" onClick={() => window.open(accountUrl(serverUrl, authRealm), "_blank", "noopener")}>
          {t("manageAccount")}
        </DropdownItem>
        {clearCaches && (
          <DropdownItem key="caches" onClick={clearCaches}>
            {t("clearCachesTitle")}
          </DropdownItem>
        )}
        <DropdownItem key="sign-out" onClick={() => void auth.signOut()} data-testid="sign-out">
          {t("signOut")}
        </DropdownItem>
      </DropdownList>
    </Dropdown>
  );
}
