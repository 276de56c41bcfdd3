import { useId } from "react";
import { FormProvider } from "react-hook-form";
import { Form, FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useAlerts } from "../../../../core/ui/alerts/alerts-context.tsx";
import {
  SelectControl,
  SaveRevertActions,
  SwitchControl,
  TimeSelectorControl,
  useKcForm,
} from "../../../../core/ui/form/index.ts";
import type { ClientTabProps } from "../client-tab-props.ts";
import "../client-tab-messages.ts";

/** One client attribute edited in a section: a select (value "" = unset), a switch or a duration in seconds. */
export type AttributeField =
  | { attribute: string; label: string; kind: "select"; options: { value: string; label: string }[] }
  | { attribute: string; label: string; kind: "switch" }
  | { attribute: string; label: string; kind: "time" };

export interface ClientAttributeSectionProps extends ClientTabProps {
  title: string;
  description?: string;
  fields: AttributeField[];
}

type AttributeForm = Record<string, string>;

/** A titled section of client attributes with its own Save and Revert (attribute names hold dots, so fields are indexed). */
export function ClientAttributeSection({
  client,
  canManage,
  onSave,
  title,
  description,
  fields,
}: ClientAttributeSectionProps) {
  const { t } = useMessages();
  const alerts = useAlerts();
  const attributes = client.attributes ?? {};
  // Field names give the inputs their ids: unique per section, as several sections share one page.
  const section = useId().replace(/[^a-zA-Z0-9]/g, "");
  const fieldName = (index: number) => `${section}f${index}`;
  const values: AttributeForm = {};
  fields.forEach((field, index) => {
    const value = attributes[field.attribute];
    values[fieldName(index)] =
      value === undefined || value === null ? (field.kind === "switch" ? "false" : "") : String(value);
  });
  const form = useKcForm<AttributeForm>({ values });

  const save = async (next: AttributeForm) => {
    const changed: Record<string, unknown> = { ...attributes };
    fields.forEach((field, index) => {
      changed[field.attribute] = next[fieldName(index)] ?? "";
    });
    try {
      await onSave({ attributes: changed });
      form.reset(next);
      alerts.addAlert(t("clientSaveSuccess"));
    } catch (error) {
      alerts.addError("clientSaveError", error);
    }
  };

  return (
    <FormProvider {...form}>
      <Form isHorizontal onSubmit={form.handleSubmit(save)} aria-label={title}>
        <FormSection title={title} titleElement="h2">
          {description && <Content component="p">{description}</Content>}
          {fields.map((field, index) => {
            const name = fieldName(index);
            if (field.kind === "switch") {
              return <SwitchControl key={name} name={name} label={field.label} stringify isDisabled={!canManage} />;
            }
            if (field.kind === "time") {
              return (
                <TimeSelectorControl
                  key={name}
                  name={name}
                  label={field.label}
                  units={["minute", "hour", "day"]}
                  min={0}
                  isDisabled={!canManage}
                />
              );
            }
            return (
              <SelectControl
                key={name}
                name={name}
                label={field.label}
                options={field.options}
                isDisabled={!canManage}
              />
            );
          })}
          {canManage && <SaveRevertActions<AttributeForm> onRevert={() => form.reset()} />}
        </FormSection>
      </Form>
    </FormProvider>
  );
}
