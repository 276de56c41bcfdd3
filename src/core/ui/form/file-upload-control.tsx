import { useState } from "react";
import { FileUpload } from "@patternfly/react-core/dist/esm/components/FileUpload/index.js";
import type { FieldValues } from "react-hook-form";
import { useMessages } from "../../i18n/use-messages.ts";
import type { ControlProps } from "./control-props.ts";
import { FormField } from "./form-field.tsx";
import { parseJsonText } from "./parse-json-file.ts";
import { useControlField } from "./use-control-field.ts";

export interface FileUploadControlProps<T extends FieldValues> extends ControlProps<T> {
  /** Called with the parsed object once a valid file is read. */
  onParsed?: (value: unknown) => void;
}

/** A JSON file (browsed or dropped) read into the field as a parsed object; invalid JSON is an error. */
export function FileUploadControl<T extends FieldValues>(props: FileUploadControlProps<T>) {
  const { t } = useMessages();
  const [filename, setFilename] = useState("");
  const [text, setText] = useState("");
  const [parseError, setParseError] = useState<string>();
  const { field, id, errorText, isRequired } = useControlField(props, undefined);
  const read = (content: string) => {
    setText(content);
    const result = parseJsonText(content);
    if (result.ok) {
      setParseError(undefined);
      field.onChange(result.value);
      props.onParsed?.(result.value);
    } else {
      setParseError(t("fileInvalidJson", { message: result.message }));
      field.onChange(undefined);
    }
  };
  const shownError = parseError ?? errorText;
  return (
    <FormField
      id={id}
      label={props.label}
      labelHelp={props.labelHelp}
      isRequired={isRequired}
      error={shownError}
      helperText={props.helperText ?? t("fileDropHint")}
    >
      <FileUpload
        id={id}
        type="text"
        value={text}
        filename={filename}
        filenameAriaLabel={props.label}
        browseButtonText={t("browse")}
        clearButtonText={t("clear")}
        onFileInputChange={(_event, file) => setFilename(file.name)}
        onDataChange={(_event, content) => read(content)}
        onTextChange={(_event, content) => read(content)}
        onClearClick={() => {
          setFilename("");
          setText("");
          setParseError(undefined);
          field.onChange(undefined);
        }}
        allowEditingUploadedText
        dropzoneProps={{ accept: { "application/json": [".json"] } }}
        isDisabled={props.isDisabled}
        validated={shownError ? "error" : "default"}
      />
    </FormField>
  );
}
