import { useState, type Ref } from "react";
import { MenuToggle, type MenuToggleElement } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import { Select, SelectList, SelectOption } from "./select.tsx";

export interface SelectChoice {
  value: string;
  label: string;
  description?: string;
  isDisabled?: boolean;
}

export interface SingleSelectProps {
  options: SelectChoice[];
  value?: string;
  onChange(value: string): void;
  placeholder?: string;
  /** Accessible name of the toggle. */
  "aria-label"?: string;
  id?: string;
  isDisabled?: boolean;
}

/** One value from a short, fixed list. */
export function SingleSelect({ options, value, onChange, placeholder, id, isDisabled, ...aria }: SingleSelectProps) {
  const [isOpen, setOpen] = useState(false);
  const selected = options.find((option) => option.value === value);
  return (
    <Select
      isOpen={isOpen}
      selected={value}
      onSelect={(_event, chosen) => {
        onChange(String(chosen));
        setOpen(false);
      }}
      onOpenChange={setOpen}
      toggle={(toggleRef: Ref<MenuToggleElement>) => (
        <MenuToggle
          ref={toggleRef}
          id={id}
          aria-label={aria["aria-label"]}
          isDisabled={isDisabled}
          isExpanded={isOpen}
          isFullWidth
          onClick={() => setOpen(!isOpen)}
        >
          {selected?.label ?? placeholder}
        </MenuToggle>
      )}
      shouldFocusToggleOnSelect
    >
      <SelectList>
        {options.map((option) => (
          <SelectOption
            key={option.value}
            value={option.value}
            description={option.description}
            isDisabled={option.isDisabled}
          >
            {option.label}
          </SelectOption>
        ))}
      </SelectList>
    </Select>
  );
}
