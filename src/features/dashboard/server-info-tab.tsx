import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
} from "@patternfly/react-core/dist/esm/components/DescriptionList/index.js";
import { Label, LabelGroup } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";

function FeatureLabels({ names, color }: { names: string[]; color: "blue" | "grey" }) {
  const { t } = useMessages();
  if (names.length === 0) return <>{t("none")}</>;
  return (
    <LabelGroup numLabels={names.length}>
      {names.map((name) => (
        <Label key={name} color={color}>
          {name}
        </Label>
      ))}
    </LabelGroup>
  );
}

export function ServerInfoTab() {
  const { t } = useMessages();
  const info = useServerInfo();
  const features = info.features ?? [];
  return (
    <DescriptionList>
      <DescriptionListGroup>
        <DescriptionListTerm>{t("version")}</DescriptionListTerm>
        <DescriptionListDescription data-testid="server-version">
          {info.systemInfo?.version ?? "—"}
        </DescriptionListDescription>
      </DescriptionListGroup>
      <DescriptionListGroup>
        <DescriptionListTerm>{t("enabledFeatures")}</DescriptionListTerm>
        <DescriptionListDescription>
          <FeatureLabels color="blue" names={features.filter((f) => f.enabled).map((f) => f.name)} />
        </DescriptionListDescription>
      </DescriptionListGroup>
      <DescriptionListGroup>
        <DescriptionListTerm>{t("disabledFeatures")}</DescriptionListTerm>
        <DescriptionListDescription>
          <FeatureLabels color="grey" names={features.filter((f) => !f.enabled).map((f) => f.name)} />
        </DescriptionListDescription>
      </DescriptionListGroup>
    </DescriptionList>
  );
}
