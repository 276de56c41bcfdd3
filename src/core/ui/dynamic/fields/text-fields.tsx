import { useMessages } from "../../../i18n/use-messages.ts";
import { NumberControl } from "../../form/number-control.tsx";
import { PasswordControl } from "../../form/password-control.tsx";
import { SwitchControl } from "../../form/switch-control.tsx";
import { TextAreaControl } from "../../form/text-area-control.tsx";
import { TextControl } from "../../form/text-control.tsx";
import { controlProps, type PropertyFieldProps } from "../property-field-props.ts";

/** String and Url; a secret String is a password field. */
export function StringField(props: PropertyFieldProps) {
  const { t } = useMessages();
  if (props.property.secret) return <PasswordField {...props} />;
  return <TextControl {...controlProps(t, props)} type={props.property.type === "Url" ? "url" : "text"} />;
}

export function TextField(props: PropertyFieldProps) {
  const { t } = useMessages();
  return <TextAreaControl {...controlProps(t, props)} rows={props.property.type === "Script" ? 10 : 3} />;
}

/** Integer and Number: a stepper holding a number, saved as its text. */
export function NumberField(props: PropertyFieldProps) {
  const { t } = useMessages();
  const fallback = Number(props.property.defaultValue);
  return <NumberControl {...controlProps(t, props)} defaultValue={Number.isFinite(fallback) ? fallback : 0} step={1} />;
}

/** A secret: shown masked; the server's mask stays in the value unless the user types a new one. */
export function PasswordField(props: PropertyFieldProps) {
  const { t } = useMessages();
  return <PasswordControl {...controlProps(t, props)} autoComplete="new-password" />;
}

export function BooleanField(props: PropertyFieldProps) {
  const { t } = useMessages();
  return (
    <SwitchControl
      {...controlProps(t, props)}
      stringify
      defaultValue={String(props.property.defaultValue) === "true"}
      onText={t("on")}
      offText={t("off")}
    />
  );
}
