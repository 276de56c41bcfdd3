import { useMessages } from "../../core/i18n/use-messages.ts";
import { SingleSelect } from "../../core/ui/overlays/index.ts";
import { SCOPE_TYPES, type ScopeType } from "./client-scope-model.ts";
import { scopeTypeLabel } from "./scope-labels.ts";

interface ScopeTypeSelectProps {
  scopeName: string;
  value: ScopeType;
  onChange(type: ScopeType): void;
}

/** The list's inline change of a scope's assigned type. */
export function ScopeTypeSelect({ scopeName, value, onChange }: ScopeTypeSelectProps) {
  const { t } = useMessages();
  return (
    <div style={{ maxWidth: "10rem" }}>
      <SingleSelect
        // The visible value starts the accessible name (axe: label-content-name-mismatch).
        aria-label={`${scopeTypeLabel(t, value)}, ${t("scopeTypeOf", { name: scopeName })}`}
        value={value}
        options={SCOPE_TYPES.map((type) => ({ value: type, label: scopeTypeLabel(t, type) }))}
        onChange={(chosen) => onChange(chosen as ScopeType)}
      />
    </div>
  );
}
