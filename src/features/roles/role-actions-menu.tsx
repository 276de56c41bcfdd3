import { useState, type Ref } from "react";
import { MenuToggle, type MenuToggleElement } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import EllipsisVIcon from "@patternfly/react-icons/dist/esm/icons/ellipsis-v-icon.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { Dropdown, DropdownItem, DropdownList } from "../../core/ui/overlays/dropdown.tsx";
import "./messages.ts";

/** The role page's kebab: add associated roles, delete. */
export function RoleActionsMenu({ onAddAssociated, onDelete }: { onAddAssociated(): void; onDelete(): void }) {
  const { t } = useMessages();
  const [isOpen, setOpen] = useState(false);
  return (
    <Dropdown
      isOpen={isOpen}
      onOpenChange={setOpen}
      onSelect={() => setOpen(false)}
      popperProps={{ position: "right" }}
      toggle={(toggleRef: Ref<MenuToggleElement>) => (
        <MenuToggle
          ref={toggleRef}
          variant="plain"
          aria-label={t("roleActions")}
          isExpanded={isOpen}
          onClick={() => setOpen(!isOpen)}
          icon={<EllipsisVIcon />}
        />
      )}
    >
      <DropdownList>
        <DropdownItem onClick={onAddAssociated}>{t("addAssociatedRolesText")}</DropdownItem>
        <DropdownItem isDanger onClick={onDelete}>
          {t("delete")}
        </DropdownItem>
      </DropdownList>
    </Dropdown>
  );
}
