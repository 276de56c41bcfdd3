import { useState } from "react";
import { Dropdown, DropdownItem, DropdownList } from "../../core/ui/overlays/dropdown.tsx";
import { MenuToggle } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import { EllipsisVIcon } from "@patternfly/react-icons/dist/esm/icons/ellipsis-v-icon.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useRuntime } from "../../core/runtime/runtime-context.tsx";
import { useHelp } from "../../core/ui/help/help-context.tsx";
import { DOCUMENTATION_URL } from "./help-menu.tsx";
import { accountUrl } from "./user-menu.tsx";
import { useClearCaches } from "./use-clear-caches.ts";

/** On narrow widths: every header action in one kebab, including 'help enabled' / 'help disabled'. */
export function NarrowKebabMenu() {
  const { t } = useMessages();
  const { auth, serverUrl, authRealm } = useRuntime();
  const help = useHelp();
  const clearCaches = useClearCaches();
  const [open, setOpen] = useState(false);
  return (
    <Dropdown
      isOpen={open}
      onOpenChange={setOpen}
      onSelect={() => setOpen(false)}
      popperProps={{ position: "right" }}
      toggle={(ref) => (
        <MenuToggle
          ref={ref}
          variant="plain"
          isExpanded={open}
          onClick={() => setOpen(!open)}
          aria-label={t("moreActions")}
          icon={<EllipsisVIcon />}
        />
      )}
    >
      <DropdownList>
        <DropdownItem key="account" onClick={() => window.open(accountUrl(serverUrl, authRealm), "_blank", "noopener")}>
          {t("manageAccount")}
        </DropdownItem>
        <DropdownItem key="docs" to={DOCUMENTATION_URL} isExternalLink>
          {t("documentation")}
        </DropdownItem>
        <DropdownItem key="help" onClick={help.toggle}>
          {help.enabled ? t("helpEnabled") : t("helpDisabled")}
        </DropdownItem>
        {clearCaches && (
          <DropdownItem key="caches" onClick={clearCaches}>
            {t("clearCachesTitle")}
          </DropdownItem>
        )}
        <DropdownItem key="sign-out" onClick={() => void auth.signOut()}>
          {t("signOut")}
        </DropdownItem>
      </DropdownList>
    </Dropdown>
  );
}
