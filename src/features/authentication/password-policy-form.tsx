import { useId, useState } from "react";
import type RealmRepresentation from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";
import { ActionGroup, Form, FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { EmptyState, EmptyStateBody } from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import { FormSelect, FormSelectOption } from "@patternfly/react-core/dist/esm/components/FormSelect/index.js";
import { InputGroup, InputGroupItem } from "@patternfly/react-core/dist/esm/components/InputGroup/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import MinusCircleIcon from "@patternfly/react-icons/dist/esm/icons/minus-circle-icon.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useServerInfoQuery } from "../../core/runtime/shared-queries.ts";
import { formatPasswordPolicy, parsePasswordPolicy, type PolicyEntry } from "./password-policy.ts";
import { useSavePolicy } from "./use-save-policy.ts";
import "./messages.ts";

/** The password policy: add any type server info lists (with its default value), change values, remove, save. */
export function PasswordPolicyForm({ realm }: { realm: RealmRepresentation }) {
  const { t } = useMessages();
  const types = useServerInfoQuery().data?.passwordPolicies ?? [];
  const saved = parsePasswordPolicy(realm.passwordPolicy);
  const [entries, setEntries] = useState<PolicyEntry[]>(saved);
  const save = useSavePolicy("updatePasswordPolicySuccess", "updatePasswordPolicyError");
  const addId = useId();
  const [busy, setBusy] = useState(false);
  const available = types.filter((type) => type.multipleSupported || !entries.some((entry) => entry.id === type.id));
  const nameOf = (id: string) => types.find((type) => type.id === id)?.displayName ?? id;
  const isDirty = formatPasswordPolicy(entries) !== formatPasswordPolicy(saved);

  const add = (id: string) => {
    const type = types.find((candidate) => candidate.id === id);
    if (type) setEntries([...entries, { id, value: type.defaultValue ?? "" }]);
  };

  return (
    <>
      <Toolbar>
        <ToolbarContent>
          <ToolbarItem>
            <FormSelect
              id={addId}
              aria-label={t("addPolicy")}
              value=""
              onChange={(_event, value) => add(value)}
              isDisabled={available.length === 0}
            >
              <FormSelectOption value="" label={t("addPolicy")} isPlaceholder />
              {available.map((type) => (
                <FormSelectOption key={type.id} value={type.id ?? ""} label={type.displayName ?? type.id ?? ""} />
              ))}
            </FormSelect>
          </ToolbarItem>
        </ToolbarContent>
      </Toolbar>
      {entries.length === 0 ? (
        <EmptyState titleText={t("noPasswordPolicies")} headingLevel="h2">
          <EmptyStateBody>{t("authnNoPasswordPoliciesBody")}</EmptyStateBody>
        </EmptyState>
      ) : null}
      <Form
        isHorizontal
        isWidthLimited
        aria-label={t("passwordPolicy")}
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          await save({ passwordPolicy: formatPasswordPolicy(entries) });
          setBusy(false);
        }}
      >
        {entries.map((entry, index) => {
          const type = types.find((candidate) => candidate.id === entry.id);
          const name = nameOf(entry.id);
          const inputId = `kc-password-policy-${index}`;
          return (
            <FormGroup key={`${entry.id}-${index}`} label={name} fieldId={inputId}>
              <InputGroup>
                <InputGroupItem isFill>
                  {type?.configType ? (
                    <TextInput
                      id={inputId}
                      type={type.configType === "int" ? "number" : "text"}
                      value={entry.value}
                      onChange={(_event, value) =>
                        setEntries(entries.map((other, at) => (at === index ? { ...other, value } : other)))
                      }
                    />
                  ) : (
                    <TextInput id={inputId} value={t("enabled")} readOnlyVariant="plain" />
                  )}
                </InputGroupItem>
                <InputGroupItem>
                  <Button
                    variant="plain"
                    aria-label={t("authnRemovePolicy", { name })}
                    onClick={() => setEntries(entries.filter((_, at) => at !== index))}
                    icon={<MinusCircleIcon />}
                  />
                </InputGroupItem>
              </InputGroup>
            </FormGroup>
          );
        })}
        <ActionGroup>
          <Button type="submit" isDisabled={!isDirty || busy} isLoading={busy}>
            {t("save")}
          </Button>
          <Button variant="link" isDisabled={!isDirty} onClick={() => setEntries(saved)}>
            {t("revert")}
          </Button>
        </ActionGroup>
      </Form>
    </>
  );
}
