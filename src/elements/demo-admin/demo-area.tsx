import { useState, type Ref } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { MenuToggle, type MenuToggleElement } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import { MenuSearch, MenuSearchInput } from "@patternfly/react-core/dist/esm/components/Menu/index.js";
import { SearchInput } from "@patternfly/react-core/dist/esm/components/SearchInput/index.js";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { Dropdown, DropdownItem, DropdownList } from "../../core/ui/overlays/dropdown.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/modal.tsx";

export interface DemoAreaProps extends ElementBaseProps {
  compact?: boolean;
}

const DEMO_ACTIONS = ["Enable", "Disable", "Delete"];

/**
 * A small area exercising the element runtime: attribute props, local state, a dropdown with a
 * search field, a modal and an event. Used by the browser tests and the demo pages.
 */
export function DemoArea({ realm, theme, compact, tokenProvider, emit }: DemoAreaProps) {
  const [count, setCount] = useState(0);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const [isModalOpen, setModalOpen] = useState(false);
  const actions = DEMO_ACTIONS.filter((action) => action.toLowerCase().includes(filter.toLowerCase()));
  return (
    <section>
      <output data-testid="props">
        {JSON.stringify({
          realm: realm ?? null,
          theme: theme ?? null,
          compact: compact ?? null,
          hasTokenProvider: !!tokenProvider,
        })}
      </output>
      <Button variant="primary" data-testid="count" onClick={() => setCount(count + 1)}>
        Clicked {count}
      </Button>
      <Button variant="secondary" onClick={() => emit("demo-clicked", { count })}>
        Announce
      </Button>
      <Dropdown
        isOpen={isMenuOpen}
        onOpenChange={setMenuOpen}
        onSelect={(_event, value) => {
          emit("demo-action", { action: value });
          setMenuOpen(false);
        }}
        toggle={(toggleRef: Ref<MenuToggleElement>) => (
          <MenuToggle ref={toggleRef} isExpanded={isMenuOpen} onClick={() => setMenuOpen(!isMenuOpen)}>
            Actions
          </MenuToggle>
        )}
      >
        <MenuSearch>
          <MenuSearchInput>
            <SearchInput aria-label="Filter actions" value={filter} onChange={(_event, value) => setFilter(value)} />
          </MenuSearchInput>
        </MenuSearch>
        <DropdownList>
          {actions.map((action) => (
            <DropdownItem key={action} value={action}>
              {action}
            </DropdownItem>
          ))}
        </DropdownList>
      </Dropdown>
      <Button variant="link" onClick={() => setModalOpen(true)}>
        Open dialog
      </Button>
      <Modal
        variant="small"
        isOpen={isModalOpen}
        onClose={() => setModalOpen(false)}
        aria-labelledby="demo-dialog-title"
      >
        <ModalHeader title="Demo dialog" labelId="demo-dialog-title" />
        <ModalBody>Nothing happens here.</ModalBody>
        <ModalFooter>
          <Button variant="primary" onClick={() => setModalOpen(false)}>
            Confirm
          </Button>
          <Button variant="link" onClick={() => setModalOpen(false)}>
            Cancel
          </Button>
        </ModalFooter>
      </Modal>
    </section>
  );
}
