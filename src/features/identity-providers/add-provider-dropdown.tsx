import { useState } from "react";
import { useNavigate } from "react-router";
import { MenuToggle } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import { Dropdown, DropdownGroup, DropdownItem, DropdownList } from "../../core/ui/overlays/dropdown.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { toAddIdentityProvider } from "./paths.ts";
import { providerTypes } from "./provider-catalogue.ts";
import "./messages.ts";

/** The list's "Add provider" menu: user-defined types, then social ones, from server info. */
export function AddProviderDropdown() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const { userDefined, social } = providerTypes(useServerInfo());
  return (
    <Dropdown
      isOpen={isOpen}
      onOpenChange={setOpen}
      onSelect={(_event, value) => {
        setOpen(false);
        if (typeof value === "string") navigate(toAddIdentityProvider(realm, value));
      }}
      toggle={(ref) => (
        <MenuToggle ref={ref} variant="primary" isExpanded={isOpen} onClick={() => setOpen(!isOpen)}>
          {t("addProvider")}
        </MenuToggle>
      )}
      shouldFocusToggleOnSelect
    >
      <DropdownGroup label={t("userDefined")}>
        <DropdownList>
          {userDefined.map((p) => (
            <DropdownItem key={p.id} value={p.id}>
              {p.name}
            </DropdownItem>
          ))}
        </DropdownList>
      </DropdownGroup>
      <DropdownGroup label={t("socialLogin")}>
        <DropdownList>
          {social.map((p) => (
            <DropdownItem key={p.id} value={p.id}>
              {p.name}
            </DropdownItem>
          ))}
        </DropdownList>
      </DropdownGroup>
    </Dropdown>
  );
}
