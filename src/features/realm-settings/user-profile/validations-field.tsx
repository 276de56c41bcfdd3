import { useState } from "react";
import { useController } from "react-hook-form";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import type { AttributeValues, Validations } from "./attribute-values.ts";
import { ValidatorDialog } from "./validator-dialog.tsx";
import "./user-profile-messages.ts";

/** The attribute's validators with their config; add from server info's validators, remove after asking. */
export function ValidationsField({ isReadOnly }: { isReadOnly: boolean }) {
  const { t } = useMessages();
  const { field } = useController<AttributeValues, "validations">({ name: "validations" });
  const validations: Validations = field.value ?? {};
  const [adding, setAdding] = useState(false);
  const { confirm, dialog } = useConfirm();
  const remove = async (name: string) => {
    const agreed = await confirm({
      title: t("deleteValidatorConfirmTitle"),
      children: t("deleteValidatorConfirmMsg", { validatorName: name }),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (agreed) field.onChange(Object.fromEntries(Object.entries(validations).filter(([key]) => key !== name)));
  };
  const entries = Object.entries(validations);
  return (
    <FormSection title={t("validations")} titleElement="h2">
      {!isReadOnly && (
        <div>
          <Button variant="secondary" onClick={() => setAdding(true)}>
            {t("addValidator")}
          </Button>
        </div>
      )}
      {entries.length === 0 ? (
        <p className="kc-up-empty">{t("emptyValidators")}</p>
      ) : (
        <Table
          aria-label={t("validations")}
          variant="compact"
          className="kc-up-table"
          data-testid="attribute-validations"
        >
          <Thead>
            <Tr>
              <Th>{t("validatorType")}</Th>
              <Th>{t("upValidatorConfig")}</Th>
              {!isReadOnly && <Th screenReaderText={t("delete")} />}
            </Tr>
          </Thead>
          <Tbody>
            {entries.map(([name, config]) => (
              <Tr key={name}>
                <Td dataLabel={t("validatorType")}>{name}</Td>
                <Td dataLabel={t("upValidatorConfig")}>
                  <code>{JSON.stringify(config ?? {})}</code>
                </Td>
                {!isReadOnly && (
                  <Td isActionCell>
                    <Button
                      variant="link"
                      isDanger
                      onClick={() => void remove(name)}
                      aria-label={`${t("delete")} ${name}`}
                    >
                      {t("delete")}
                    </Button>
                  </Td>
                )}
              </Tr>
            ))}
          </Tbody>
        </Table>
      )}
      {adding && (
        <ValidatorDialog
          taken={entries.map(([name]) => name)}
          onAdd={(name, config) => field.onChange({ ...validations, [name]: config })}
          onClose={() => setAdding(false)}
        />
      )}
      {dialog}
    </FormSection>
  );
}
