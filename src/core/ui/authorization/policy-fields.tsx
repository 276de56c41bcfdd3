import { useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useMessages } from "../../i18n/use-messages.ts";
import { MultiValueControl } from "../form/multi-value-control.tsx";
import { SelectControl } from "../form/select-control.tsx";
import { SwitchControl } from "../form/switch-control.tsx";
import { TextAreaControl } from "../form/text-area-control.tsx";
import { TextControl } from "../form/text-control.tsx";
import type { PolicyForm, TimeField } from "./policy-form-values.ts";
import { FormField } from "../form/form-field.tsx";
import { useControlField } from "../form/use-control-field.ts";
import { SearchSelect } from "../pickers/index.ts";
import { ReferencePickerControl } from "./reference-picker-control.tsx";
import type { ReferenceKind } from "./reference-search.ts";
import "./policy-messages.ts";

/**
 * Why a regex policy's pattern would not compile, checked in the browser: Keycloak stores any pattern and fails only
 * when a policy evaluates it. Java's inline flags (`(?i)`, `(?i:…)`), which JavaScript lacks, are left out of the check.
 */
function patternError(pattern: string): string | undefined {
  try {
    new RegExp(pattern.replace(/\(\?[a-zA-Z-]+\)/g, "").replace(/\(\?[a-zA-Z-]+:/g, "(?:"));
    return undefined;
  } catch (error) {
    return (error as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, "");
  }
}

/** The regex policy's pattern, checked as it is typed so the reason shows next to a disabled Save. */
function PatternControl() {
  const { t } = useMessages();
  const { control, trigger } = useFormContext<PolicyForm>();
  const pattern = useWatch({ control, name: "pattern" });
  useEffect(() => {
    if (pattern) void trigger("pattern");
  }, [pattern, trigger]);
  return (
    <TextControl<PolicyForm>
      name="pattern"
      label={t("regexPattern")}
      rules={{
        validate: (value) => {
          const text = String(value);
          if (text === "") return t("authzRequired");
          const error = patternError(text);
          return error === undefined || t("authzInvalidPattern", { pattern: text, error });
        },
      }}
    />
  );
}

/** Which of the roles or client scopes chosen above are required: picked among those, nothing typed. */
function RequiredSubsetControl(props: {
  name: "requiredRoles" | "requiredClientScopes";
  source: "roles" | "clientScopes";
  label: string;
}) {
  const { control } = useFormContext<PolicyForm>();
  const chosen = (useWatch({ control, name: props.source }) ?? []).filter(Boolean);
  const { field, id, errorText } = useControlField<PolicyForm>({ name: props.name, label: props.label }, []);
  const values = Array.isArray(field.value) ? (field.value as string[]).filter((value) => chosen.includes(value)) : [];
  return (
    <FormField id={id} label={props.label} error={errorText}>
      <SearchSelect
        id={id}
        isMulti
        options={chosen.map((value) => ({ value, label: value }))}
        values={values}
        onChange={field.onChange}
      />
    </FormField>
  );
}

/**
 * The fields of one policy type after its name (description, the type's own fields, logic), inside a form's context.
 * With `clientUuid` (the resource server) roles, users, groups, clients, client scopes and policies are picked from
 * what the server finds for the typed text; without it they are typed names.
 */
export function PolicyFields({ policyType, clientUuid }: { policyType: string; clientUuid?: string }) {
  const { t } = useMessages();
  const names = (
    name: "roles" | "users" | "groups" | "clients" | "clientScopes" | "policies",
    label: string,
    kind: ReferenceKind,
    placeholder: string,
    helperText?: string,
  ) =>
    clientUuid ? (
      <ReferencePickerControl<PolicyForm>
        name={name}
        label={label}
        clientUuid={clientUuid}
        kind={kind}
        placeholder={placeholder}
        helperText={helperText}
      />
    ) : (
      <MultiValueControl<PolicyForm> name={name} label={label} />
    );
  const time = (from: TimeField, to?: TimeField, label: string = from) => (
    <div style={{ display: "flex", gap: "var(--pf-t--global--spacer--md)" }}>
      <TextControl<PolicyForm> name={from} label={t(label)} />
      {to && <TextControl<PolicyForm> name={to} label={`${t(label)} ${t("authzRangeTo")}`} />}
    </div>
  );
  return (
    <>
      <TextAreaControl<PolicyForm> name="description" label={t("description")} />
      {policyType === "role" && (
        <>
          {names("roles", t("roles"), "role", t("searchForRole"), t("authzRolesHelp"))}
          <RequiredSubsetControl name="requiredRoles" source="roles" label={t("authzRequiredRole")} />
          <SwitchControl<PolicyForm> name="fetchRoles" label={t("fetchRoles")} />
        </>
      )}
      {policyType === "user" && names("users", t("users"), "user", t("searchForUser"))}
      {policyType === "group" && (
        <>
          <TextControl<PolicyForm> name="groupsClaim" label={t("groupsClaim")} />
          {names("groups", t("group"), "group", t("searchForGroups"))}
          <SwitchControl<PolicyForm> name="extendChildren" label={t("extendToChildren")} />
        </>
      )}
      {policyType === "client" && names("clients", t("clients"), "client", t("selectClients"))}
      {policyType === "client-scope" && (
        <>
          {names("clientScopes", t("clientScopes"), "clientScope", t("authzSearchClientScopes"))}
          <RequiredSubsetControl name="requiredClientScopes" source="clientScopes" label={t("authzRequiredRole")} />
        </>
      )}
      {policyType === "time" && (
        <>
          <TextControl<PolicyForm> name="notBefore" label={t("notBefore")} placeholder={t("authzDateFormat")} />
          <TextControl<PolicyForm>
            name="notOnOrAfter"
            label={t("authzNotOnOrAfter")}
            placeholder={t("authzDateFormat")}
          />
          {time("dayMonth", "dayMonthEnd")}
          {time("month", "monthEnd")}
          {time("year", "yearEnd", "authzYear")}
          {time("hour", "hourEnd")}
          {time("minute", "minuteEnd")}
        </>
      )}
      {policyType === "regex" && (
        <>
          <TextControl<PolicyForm>
            name="targetClaim"
            label={t("targetClaim")}
            rules={{ validate: (value) => String(value).trim() !== "" || t("authzRequired") }}
          />
          <PatternControl />
          <SwitchControl<PolicyForm> name="targetContextAttributes" label={t("targetContextAttributes")} />
        </>
      )}
      {policyType === "aggregate" && (
        <>
          {names("policies", t("applyPolicy"), "policy", t("authzSearchPolicies"))}
          <SelectControl<PolicyForm>
            name="decisionStrategy"
            label={t("decisionStrategy")}
            options={[
              { value: "UNANIMOUS", label: t("unanimous") },
              { value: "AFFIRMATIVE", label: t("affirmative") },
              { value: "CONSENSUS", label: t("consensus") },
            ]}
          />
        </>
      )}
      {policyType === "js" && <TextAreaControl<PolicyForm> name="code" label={t("authzType-js")} />}
      <SelectControl<PolicyForm>
        name="logic"
        label={t("logic")}
        options={[
          { value: "POSITIVE", label: t("authzPositive") },
          { value: "NEGATIVE", label: t("authzNegative") },
        ]}
      />
    </>
  );
}
