import { useState, type KeyboardEvent, type Ref } from "react";
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
import { Select, SelectList, SelectOption, type SelectChoice } from "../overlays/index.ts";
import { labelledInputProps } from "../overlays/labelled-input.ts";
import "./picker-messages.ts";

export interface SearchSelectProps {
  /** Options for the current filter text; the caller filters them (on the server for large lists). */
  options: SelectChoice[];
  /** Chosen values. */
  values: string[];
  onChange(values: string[]): void;
  /** Called with the typed text; without it the field is a plain toggle (no typing). */
  onFilterChange?(text: string): void;
  isMulti?: boolean;
  isDisabled?: boolean;
  placeholder?: string;
  /** Labels of chosen values that are not among the current options. */
  labels?: Record<string, string>;
  id?: string;
  "aria-label"?: string;
  isLoading?: boolean;
  /** A multi select also empties the typed text after each pick, ready for the next search. */
  clearTextOnPick?: boolean;
}

/**
 * One or several values from a menu; with `onFilterChange` it is a typeahead whose text the caller
 * turns into options. Chosen values of a multi select show as removable labels in the toggle.
 */
export function SearchSelect({
  options,
  values,
  onChange,
  onFilterChange,
  isMulti,
  isDisabled,
  placeholder,
  labels = {},
  id,
  isLoading,
  clearTextOnPick,
  ...aria
}: SearchSelectProps) {
  const { t } = useMessages();
  const [isOpen, setOpen] = useState(false);
  const [text, setText] = useState("");
  /** The option the arrow keys point at while focus stays in the text field. */
  const [activeIndex, setActiveIndex] = useState(-1);
  const labelOf = (value: string) => options.find((option) => option.value === value)?.label ?? labels[value] ?? value;
  const choose = (value: string) => {
    if (isMulti) onChange(values.includes(value) ? values.filter((entry) => entry !== value) : [...values, value]);
    else {
      onChange([value]);
      setOpen(false);
    }
    if ((!isMulti || clearTextOnPick) && onFilterChange) {
      setText("");
      onFilterChange("");
    }
  };
  const typed = (next: string) => {
    setActiveIndex(-1);
    setText(next);
    setOpen(true);
    onFilterChange?.(next);
  };
  const moveActive = (step: 1 | -1) => {
    const enabled = options.map((option, index) => (option.isDisabled ? -1 : index)).filter((index) => index >= 0);
    if (enabled.length === 0) return;
    const at = enabled.indexOf(activeIndex);
    setActiveIndex(enabled[(at + step + enabled.length) % enabled.length] ?? enabled[0]);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      // Focus stays in the text field: PatternFly's own menu keys (on window) must not move it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(true);
      moveActive(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter" && isOpen && options[activeIndex]) {
      event.preventDefault();
      event.stopPropagation();
      choose(options[activeIndex].value);
    } else if (event.key === "Escape") {
      setOpen(false);
      setActiveIndex(-1);
    }
  };
  const shownText = onFilterChange ? (isOpen || isMulti ? text : text || (values[0] ? labelOf(values[0]) : "")) : "";

  const toggle = (toggleRef: Ref<MenuToggleElement>) =>
    onFilterChange ? (
      <MenuToggle
        ref={toggleRef}
        variant="typeahead"
        isExpanded={isOpen}
        isDisabled={isDisabled}
        isFullWidth
        onClick={() => setOpen(!isOpen)}
      >
        <TextInputGroup isPlain>
          <TextInputGroupMain
            inputId={id}
            value={shownText}
            placeholder={placeholder}
            inputProps={labelledInputProps(aria["aria-label"])}
            autoComplete="off"
            role="combobox"
            isExpanded={isOpen}
            onClick={() => setOpen(!isOpen)}
            onChange={(_event, next) => typed(next)}
            onKeyDown={onKeyDown}
            aria-activedescendant={isOpen && options[activeIndex] ? optionId(id, activeIndex) : undefined}
          >
            {isMulti && values.length > 0 && <ChosenLabels values={values} labelOf={labelOf} onRemove={choose} />}
          </TextInputGroupMain>
          {(text || values.length > 0) && !isDisabled && (
            <TextInputGroupUtilities>
              <Button
                variant="plain"
                aria-label={t("clear")}
                icon={<TimesIcon />}
                onClick={() => {
                  typed("");
                  onChange([]);
                }}
              />
            </TextInputGroupUtilities>
          )}
        </TextInputGroup>
      </MenuToggle>
    ) : (
      <MenuToggle
        ref={toggleRef}
        id={id}
        aria-label={aria["aria-label"]}
        isExpanded={isOpen}
        isDisabled={isDisabled}
        isFullWidth
        onClick={() => setOpen(!isOpen)}
      >
        {values.length === 0 ? (placeholder ?? t("choose")) : values.map(labelOf).join(", ")}
      </MenuToggle>
    );

  return (
    <Select
      isOpen={isOpen}
      selected={isMulti ? values : values[0]}
      onSelect={(_event, chosen) => chosen !== undefined && choose(String(chosen))}
      onOpenChange={setOpen}
      toggle={toggle}
      role={isMulti ? "menu" : undefined}
    >
      <SelectList aria-multiselectable={isMulti || undefined}>
        {isLoading ? (
          <SelectOption isDisabled>{t("spinnerLoading")}</SelectOption>
        ) : options.length === 0 ? (
          <SelectOption isDisabled>{t("noResultsFound")}</SelectOption>
        ) : (
          options.map((option, index) => (
            <SelectOption
              key={option.value}
              id={optionId(id, index)}
              isFocused={index === activeIndex}
              value={option.value}
              description={option.description}
              isDisabled={option.isDisabled}
              hasCheckbox={isMulti}
              isSelected={values.includes(option.value)}
            >
              {option.label}
            </SelectOption>
          ))
        )}
      </SelectList>
    </Select>
  );
}

const optionId = (id: string | undefined, index: number) => `${id ?? "kc-search-select"}-option-${index}`;

function ChosenLabels({
  values,
  labelOf,
  onRemove,
}: {
  values: string[];
  labelOf(value: string): string;
  onRemove(value: string): void;
}) {
  const { t } = useMessages();
  return (
    <LabelGroup numLabels={3}>
      {values.map((value) => (
        <Label
          key={value}
          variant="outline"
          onClose={(event) => {
            event.stopPropagation();
            onRemove(value);
          }}
          closeBtnAriaLabel={t("pickerRemove", { label: labelOf(value) })}
        >
          {labelOf(value)}
        </Label>
      ))}
    </LabelGroup>
  );
}
