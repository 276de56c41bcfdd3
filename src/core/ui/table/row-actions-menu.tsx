import { useState, type Ref } from "react";
import { MenuToggle, type MenuToggleElement } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import EllipsisVIcon from "@patternfly/react-icons/dist/esm/icons/ellipsis-v-icon.js";
import { Dropdown, DropdownItem, DropdownList } from "../overlays/dropdown.tsx";
import type { TableRowAction } from "./table-types.ts";

export interface RowActionsMenuProps<T> {
  row: T;
  actions: TableRowAction<T>[];
  refresh(): void;
  "aria-label": string;
}

/** A row's kebab menu, rendered through the overlay kit inside the shadow root. */
export function RowActionsMenu<T>({ row, actions, refresh, ...aria }: RowActionsMenuProps<T>) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Dropdown
      isOpen={isOpen}
      onOpenChange={setOpen}
      popperProps={{ position: "right" }}
      onSelect={() => setOpen(false)}
      toggle={(toggleRef: Ref<MenuToggleElement>) => (
        <MenuToggle
          ref={toggleRef}
          variant="plain"
          aria-label={aria["aria-label"]}
          isExpanded={isOpen}
          onClick={() => setOpen(!isOpen)}
          icon={<EllipsisVIcon />}
        />
      )}
      shouldFocusToggleOnSelect
    >
      <DropdownList>
        {actions.map((action) => (
          <DropdownItem
            key={action.title}
            isDanger={action.isDanger}
            isDisabled={action.isDisabled?.(row)}
            onClick={() => void action.onAction(row, refresh)}
          >
            {action.title}
          </DropdownItem>
        ))}
      </DropdownList>
    </Dropdown>
  );
}
