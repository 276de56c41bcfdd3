import { useState, type Ref } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Label, LabelGroup } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { MenuToggle, type MenuToggleElement } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import {
  TextInputGroup,
  TextInputGroupMain,
  TextInputGroupUtilities,
} from "@patternfly/react-core/dist/esm/components/TextInputGroup/index.js";
import TimesIcon from "@patternfly/react-icons/dist/esm/icons/times-icon.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { Select, SelectList, SelectOption } from "../overlays/select.tsx";
import type { SelectChoice } from "../overlays/single-select.tsx";
import { filterChoices } from "../overlays/filter-choices.ts";
import { labelledInputProps } from "../overlays/labelled-input.ts";

export interface MultiSelectProps {
  id: string;
  options: SelectChoice[];
  value: string[];
  onChange(value: string[]): void;
  /** Typing filters the options and chosen values show as chips. */
  isTypeahead: boolean;
  placeholder?: string;
  isDisabled?: boolean;
}

/** Several values from a list: a checkbox menu, or a typeahead with chips for long lists. */
export function MultiSelect({ id, options, value, onChange, isTypeahead, placeholder, isDisabled }: MultiSelectProps) {
  const { t } = useMessages();
  const [isOpen, setOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const toggleValue = (chosen: string) =>
    onChange(value.includes(chosen) ? value.filter((item) => item !== chosen) : [...value, chosen]);
  const labelOf = (item: string) => options.find((option) => option.value === item)?.label ?? item;
  const shown = isTypeahead ? filterChoices(options, filter) : options;

  const toggle = (toggleRef: Ref<MenuToggleElement>) =>
    isTypeahead ? (
      <MenuToggle
        ref={toggleRef}
        variant="typeahead"
        isExpanded={isOpen}
        isFullWidth
        isDisabled={isDisabled}
        onClick={() => setOpen(!isOpen)}
      >
        <TextInputGroup isPlain>
          <TextInputGroupMain
            inputId={id}
            value={filter}
            placeholder={placeholder}
            inputProps={labelledInputProps()}
            autoComplete="off"
            role="combobox"
            isExpanded={isOpen}
            onClick={() => setOpen(!isOpen)}
            onChange={(_event, text) => {
              setFilter(text);
              setOpen(true);
            }}
          >
            <LabelGroup>
              {value.map((item) => (
                <Label
                  key={item}
                  variant="outline"
                  isCompact
                  onClose={() => toggleValue(item)}
                  closeBtnAriaLabel={`${t("removeValue")}: ${labelOf(item)}`}
                >
                  {labelOf(item)}
                </Label>
              ))}
            </LabelGroup>
          </TextInputGroupMain>
          {value.length > 0 && (
            <TextInputGroupUtilities>
              <Button
                variant="plain"
                aria-label={t("clearSelection")}
                onClick={() => onChange([])}
                icon={<TimesIcon />}
              />
            </TextInputGroupUtilities>
          )}
        </TextInputGroup>
      </MenuToggle>
    ) : (
      <MenuToggle
        ref={toggleRef}
        id={id}
        isExpanded={isOpen}
        isFullWidth
        isDisabled={isDisabled}
        onClick={() => setOpen(!isOpen)}
      >
        {value.length > 0 ? value.map(labelOf).join(", ") : placeholder}
      </MenuToggle>
    );

  return (
    <Select
      role="menu"
      isOpen={isOpen}
      isScrollable
      maxMenuHeight="20rem"
      selected={value}
      onSelect={(_event, chosen) => chosen !== undefined && toggleValue(String(chosen))}
      onOpenChange={setOpen}
      toggle={toggle}
    >
      <SelectList aria-multiselectable>
        {shown.length === 0 ? (
          <SelectOption isDisabled>{t("noMatchingOption")}</SelectOption>
        ) : (
          shown.map((option) => (
            <SelectOption
              key={option.value}
              value={option.value}
              hasCheckbox
              isSelected={value.includes(option.value)}
              description={option.description}
            >
              {option.label}
            </SelectOption>
          ))
        )}
      </SelectList>
    </Select>
  );
}
