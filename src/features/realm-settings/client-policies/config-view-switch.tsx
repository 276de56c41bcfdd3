import { useState, type ReactNode } from "react";
import { Radio } from "@patternfly/react-core/dist/esm/components/Radio/index.js";
import { Flex, FlexItem } from "@patternfly/react-core/dist/esm/layouts/Flex/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import "./client-policies-messages.ts";

/** "Configure via: Form view / JSON editor" above a list, as upstream has it. */
export function ConfigViewSwitch({ id, form, json }: { id: string; form: ReactNode; json: ReactNode }) {
  const { t } = useMessages();
  const [view, setView] = useState<"form" | "json">("form");
  return (
    <>
      <Flex role="radiogroup" aria-labelledby={`${id}-label`} className="kc-cp-view-switch">
        <FlexItem id={`${id}-label`}>{t("policiesConfigType")}</FlexItem>
        <Radio
          id={`${id}-form`}
          name={id}
          label={t("cpFormView")}
          isChecked={view === "form"}
          onChange={() => setView("form")}
        />
        <Radio
          id={`${id}-json`}
          name={id}
          label={t("jsonEditor")}
          isChecked={view === "json"}
          onChange={() => setView("json")}
        />
      </Flex>
      {view === "form" ? form : json}
    </>
  );
}
