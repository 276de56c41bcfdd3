import { useState } from "react";
import { FormProvider } from "react-hook-form";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { SubmitButton, useKcForm } from "../../../core/ui/form/index.ts";
import { resourceTypeKey } from "../permission-queries.ts";
import type { PermissionsContext } from "../permissions-gate.tsx";
import { SubjectFields, type SubjectFormValues } from "../evaluation/subject-fields.tsx";
import { effectiveAccess, type TypeAccess } from "./effective-access.ts";
import "../messages.ts";

type EffectiveAccessForm = SubjectFormValues;

/** ★ Everything one administrator may do, per resource type, with the model's traps said where they apply. */
export function EffectiveAccessTab({ context }: { context: PermissionsContext }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { addError } = useAlerts();
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [result, setResult] = useState<TypeAccess[]>();
  const form = useKcForm<EffectiveAccessForm>({
    defaultValues: { user: [], resourceType: context.resourceTypes[0]?.type ?? "", resource: [] },
  });

  const submit = form.handleSubmit(async (values) => {
    setResult(undefined);
    const objectId = values.resource[0];
    try {
      setResult(
        await effectiveAccess(
          adminClient,
          realm,
          context.clientId,
          context.resourceTypes,
          values.user[0] ?? "",
          objectId ? { type: values.resourceType, id: objectId, label: labels[objectId] ?? objectId } : undefined,
        ),
      );
    } catch (error) {
      addError("authzEvaluateError", error);
    }
  });

  return (
    <>
      <Content component="p">{t("effectiveAccessIntro")}</Content>
      <FormProvider {...form}>
        <Form onSubmit={submit} noValidate maxWidth="720px" aria-label={t("effectiveAccess")}>
          <SubjectFields
            context={context}
            idPrefix="kc-effective"
            userRequired="effectiveAccessUserRequired"
            typeHelp="effectiveAccessObjectHelp"
            labels={labels}
            onLabels={(found) => setLabels((known) => ({ ...known, ...found }))}
          />
          <ActionGroup>
            <SubmitButton<EffectiveAccessForm> allowNonDirty>{t("effectiveAccessShow")}</SubmitButton>
          </ActionGroup>
        </Form>
      </FormProvider>
      {result && (
        <section aria-label={t("effectiveAccess")} style={{ marginTop: "var(--pf-t--global--spacer--xl)" }}>
          {result.map((access) => (
            <TypeAccessSection key={`${access.type}-${access.object ?? ""}`} access={access} />
          ))}
        </section>
      )}
    </>
  );
}

function TypeAccessSection({ access }: { access: TypeAccess }) {
  const { t } = useMessages();
  const typeName = t(resourceTypeKey(access.type));
  const title = access.object
    ? t("effectiveAccessFor", { resourceType: typeName, object: access.object })
    : t("allResourceType", { resourceType: typeName });
  const granted = (scope: string) => access.scopes.find((entry) => entry.scope === scope)?.granted === true;
  const warnings = [
    ...(access.legacyRoles.length
      ? [t("effectiveAccessLegacy", { roles: access.legacyRoles.join(", "), resourceType: typeName })]
      : []),
    ...(granted("manage") && !granted("view") ? [t("effectiveAccessManageWithoutView")] : []),
    ...(!access.object && !access.legacyRoles.length && access.type !== "Roles" && !granted("view")
      ? [t("effectiveAccessNoView", { resourceType: typeName })]
      : []),
    ...(!access.object && access.missingQueryRole
      ? [t("effectiveAccessMissingQuery", { role: access.missingQueryRole, resourceType: typeName })]
      : []),
  ];
  return (
    <section aria-label={title} style={{ marginBottom: "var(--pf-t--global--spacer--xl)" }}>
      <Title headingLevel="h2">{title}</Title>
      {warnings.map((warning) => (
        <Alert key={warning} variant="warning" isInline isPlain title={warning} />
      ))}
      <Table aria-label={title} variant="compact">
        <Thead>
          <Tr>
            <Th>{t("scope")}</Th>
            <Th>{t("effectiveAccessDecision")}</Th>
            <Th>{t("effectiveAccessDecidedBy")}</Th>
          </Tr>
        </Thead>
        <Tbody>
          {access.scopes.map((entry) => (
            <Tr key={entry.scope}>
              <Td dataLabel={t("scope")}>{entry.scope}</Td>
              <Td dataLabel={t("effectiveAccessDecision")}>
                {entry.granted ? (
                  <Label color="green" isCompact>
                    {t("effectiveAccessGranted")}
                  </Label>
                ) : (
                  <Label color="grey" isCompact>
                    {t("effectiveAccessDenied")}
                  </Label>
                )}
              </Td>
              <Td dataLabel={t("effectiveAccessDecidedBy")}>
                {[
                  ...entry.grantedBy.map((name) =>
                    access.legacyRoles.length ? t("effectiveAccessLegacyRole", { role: name }) : name,
                  ),
                  ...entry.deniedBy.map((name) => t("effectiveAccessDeniedBy", { permission: name })),
                ].join(", ")}
              </Td>
            </Tr>
          ))}
        </Tbody>
      </Table>
    </section>
  );
}
