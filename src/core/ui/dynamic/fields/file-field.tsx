import { useState } from "react";
import { FileUpload } from "@patternfly/react-core/dist/esm/components/FileUpload/index.js";
import { useMessages } from "../../../i18n/use-messages.ts";
import { FormField } from "../../form/form-field.tsx";
import { useControlField } from "../../form/use-control-field.ts";
import { controlProps, type PropertyFieldProps } from "../property-field-props.ts";

/** A text file (certificate, key, script…) read into the value as text. */
export function FileField(props: PropertyFieldProps) {
  const { t } = useMessages();
  const base = controlProps(t, props);
  const { field, id, errorText, isRequired } = useControlField(base, "");
  const [filename, setFilename] = useState("");
  return (
    <FormField id={id} label={base.label} labelHelp={base.labelHelp} isRequired={isRequired} error={errorText}>
      <FileUpload
        id={id}
        type="text"
        aria-label={base.label}
        value={String(field.value ?? "")}
        filename={filename}
        filenamePlaceholder={t("dynamicFileDrop")}
        browseButtonText={t("browse")}
        clearButtonText={t("clear")}
        isDisabled={base.isDisabled}
        allowEditingUploadedText
        onFileInputChange={(_event, file) => setFilename(file.name)}
        onDataChange={(_event, data) => field.onChange(data)}
        onTextChange={(_event, text) => field.onChange(text)}
        onClearClick={() => {
          setFilename("");
          field.onChange("");
        }}
      />
    </FormField>
  );
}
