import { FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import {
  NumberControl,
  SelectControl,
  TextControl,
  TimeSelectorControl,
  type TimeUnit,
} from "../../core/ui/form/index.ts";
import type { Realm } from "./queries.ts";
import {
  BRUTE_FORCE_MODES,
  BRUTE_FORCE_TIMES,
  isTemporary,
  SECURITY_HEADERS,
  securityDefensesChanges,
  toSecurityDefensesValues,
  type SecurityDefensesValues,
} from "./security-defenses-values.ts";
import { SettingsForm } from "./settings-form.tsx";
import { SETTING_SINCE } from "./setting-versions.ts";
import { useVersionNote } from "../../core/ui/version/index.ts";
import { useRealmSettingsForm } from "./use-realm-settings-form.ts";
import "./messages.ts";
import "./realm-settings.css";

const UNITS: TimeUnit[] = ["second", "minute", "hour", "day"];
const MODE_TEXT = {
  Disabled: "disabled",
  PermanentLockout: "bruteForceMode.PermanentLockout",
  TemporaryLockout: "bruteForceMode.TemporaryLockout",
  PermanentAfterTemporaryLockout: "bruteForceMode.PermanentAfterTemporaryLockout",
} as const;

/** The browser security headers the realm's pages send, and brute force detection. */
export function SecurityDefensesTab({ realm }: { realm: Realm }) {
  const { t } = useMessages();
  const maxTemporaryLockoutsNote = useVersionNote(SETTING_SINCE.maxTemporaryLockouts);
  const { form, initial, save } = useRealmSettingsForm(
    realm,
    toSecurityDefensesValues,
    (values: SecurityDefensesValues) => securityDefensesChanges(realm, values),
  );
  const mode = form.watch("mode");
  const time = (name: (typeof BRUTE_FORCE_TIMES)[number]) => (
    <TimeSelectorControl<SecurityDefensesValues> name={name} label={t(name)} units={UNITS} />
  );

  return (
    <SettingsForm form={form} onSave={save} initial={initial} label={t("securityDefences")}>
      <FormSection title={t("headers")} titleElement="h2">
        {SECURITY_HEADERS.map((header) => (
          <TextControl<SecurityDefensesValues>
            key={header}
            name={`headers.${header}`}
            id={`kc-header-${header}`}
            label={t(header)}
          />
        ))}
      </FormSection>
      <FormSection title={t("bruteForceDetection")} titleElement="h2">
        <SelectControl<SecurityDefensesValues>
          name="mode"
          label={t("bruteForceMode")}
          options={BRUTE_FORCE_MODES.map((value) => ({ value, label: t(MODE_TEXT[value]) }))}
        />
        {mode !== "Disabled" && (
          <NumberControl<SecurityDefensesValues> name="failureFactor" label={t("failureFactor")} min={1} />
        )}
        {mode === "PermanentAfterTemporaryLockout" && (
          <NumberControl<SecurityDefensesValues>
            name="maxTemporaryLockouts"
            label={t("maxTemporaryLockouts")}
            helperText={maxTemporaryLockoutsNote}
            min={1}
          />
        )}
        {isTemporary(mode) && (
          <>
            <SelectControl<SecurityDefensesValues>
              name="bruteForceStrategy"
              label={t("bruteForceStrategy")}
              options={[
                { value: "MULTIPLE", label: t("rsStrategyMultiple") },
                { value: "LINEAR", label: t("rsStrategyLinear") },
              ]}
            />
            {time("waitIncrementSeconds")}
            {time("maxFailureWaitSeconds")}
            {time("maxDeltaTimeSeconds")}
          </>
        )}
        {mode !== "Disabled" && (
          <>
            <NumberControl<SecurityDefensesValues>
              name="quickLoginCheckMilliSeconds"
              label={t("quickLoginCheckMilliSeconds")}
              min={0}
            />
            {time("minimumQuickLoginWaitSeconds")}
          </>
        )}
      </FormSection>
    </SettingsForm>
  );
}
