export { OverlayRootProvider, useOverlayRoot } from "./overlay-root.tsx";
export { Dropdown, DropdownItem, DropdownList, DropdownGroup, type DropdownProps } from "./dropdown.tsx";
export { Select, SelectOption, SelectList, SelectGroup, type SelectProps } from "./select.tsx";
export { SingleSelect, type SingleSelectProps, type SelectChoice } from "./single-select.tsx";
export { TypeaheadSelect, type TypeaheadSelectProps } from "./typeahead-select.tsx";
export { Popover, type PopoverProps } from "./popover.tsx";
export { Tooltip, type TooltipProps } from "./tooltip.tsx";
export { Modal, ModalHeader, ModalBody, ModalFooter, type ModalProps } from "./modal.tsx";
