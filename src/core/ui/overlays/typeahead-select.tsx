import { useState, type Ref } from "react";
import { MenuToggle, type MenuToggleElement } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import { TextInputGroup, TextInputGroupMain } from "@patternfly/react-core/dist/esm/components/TextInputGroup/index.js";
import { Select, SelectList, SelectOption } from "./select.tsx";
import type { SelectChoice } from "./single-select.tsx";
import { labelledInputProps } from "./labelled-input.ts";

export interface TypeaheadSelectProps {
  /** Options for the current filter text (the caller searches, on the server when lists are large). */
  options: SelectChoice[];
  value?: string;
  onChange(value: string): void;
  onFilterChange?(text: string): void;
  placeholder?: string;
  noResultsText?: string;
  "aria-label"?: string;
  id?: string;
}

/** One value picked by typing: the caller filters `options` from `onFilterChange`. */
export function TypeaheadSelect({
  options,
  value,
  onChange,
  onFilterChange,
  placeholder,
  noResultsText = "No results found",
  id,
  ...aria
}: TypeaheadSelectProps) {
  const [isOpen, setOpen] = useState(false);
  const [text, setText] = useState<string | undefined>(undefined);
  const selectedLabel = options.find((option) => option.value === value)?.label ?? value ?? "";
  const changeText = (next: string) => {
    setText(next);
    setOpen(true);
    onFilterChange?.(next);
  };
  return (
    <Select
      isOpen={isOpen}
      selected={value}
      onSelect={(_event, chosen) => {
        if (chosen === undefined) return;
        onChange(String(chosen));
        setText(undefined);
        setOpen(false);
      }}
      onOpenChange={setOpen}
      toggle={(toggleRef: Ref<MenuToggleElement>) => (
        <MenuToggle
          ref={toggleRef}
          variant="typeahead"
          isExpanded={isOpen}
          isFullWidth
          onClick={() => setOpen(!isOpen)}
        >
          <TextInputGroup isPlain>
            <TextInputGroupMain
              inputId={id}
              value={text ?? selectedLabel}
              placeholder={placeholder}
              inputProps={labelledInputProps(aria["aria-label"])}
              autoComplete="off"
              role="combobox"
              isExpanded={isOpen}
              onClick={() => setOpen(!isOpen)}
              onChange={(_event, next) => changeText(next)}
            />
          </TextInputGroup>
        </MenuToggle>
      )}
    >
      <SelectList>
        {options.length === 0 ? (
          <SelectOption isDisabled>{noResultsText}</SelectOption>
        ) : (
          options.map((option) => (
            <SelectOption key={option.value} value={option.value} description={option.description}>
              {option.label}
            </SelectOption>
          ))
        )}
      </SelectList>
    </Select>
  );
}
