import { useState } from "react";
import { useNavigate } from "react-router";
import { MenuToggle } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { Dropdown, DropdownItem, DropdownList } from "../../core/ui/overlays/index.ts";
import { toNewPermission } from "./paths.ts";
import { resourceTypeKey, type ResourceTypeSchema } from "./permission-queries.ts";
import "./messages.ts";

/** 'Create permission': first the resource type, then the form for it. */
export function CreatePermissionMenu({ resourceTypes }: { resourceTypes: ResourceTypeSchema[] }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <Dropdown
      isOpen={open}
      onOpenChange={setOpen}
      onSelect={() => setOpen(false)}
      toggle={(ref) => (
        <MenuToggle ref={ref} variant="primary" isExpanded={open} onClick={() => setOpen(!open)}>
          {t("createPermission")}
        </MenuToggle>
      )}
    >
      <DropdownList>
        {resourceTypes.map(({ type }) => (
          <DropdownItem key={type} onClick={() => navigate(toNewPermission(realm, type))}>
            {t(resourceTypeKey(type))}
          </DropdownItem>
        ))}
      </DropdownList>
    </Dropdown>
  );
}
