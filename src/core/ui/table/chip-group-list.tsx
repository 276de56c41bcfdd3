import { Label, LabelGroup } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { CHIP_GROUP_LIMIT } from "./table-constants.ts";
import "./table-messages.ts";

export interface ChipGroupListProps {
  values: string[];
  /** Chips shown before the '+N more' chip (spec: 3). */
  limit?: number;
  "aria-label"?: string;
}

/** A compact list of values for a table cell: `limit` chips, then one overflow chip. */
export function ChipGroupList({ values, limit = CHIP_GROUP_LIMIT, ...aria }: ChipGroupListProps) {
  const { t } = useMessages();
  return (
    <LabelGroup
      numLabels={limit}
      // PatternFly puts the hidden count where `${remaining}` stands.
      collapsedText={t("more", { count: "${remaining}" })}
      expandedText={t("showLess")}
      aria-label={aria["aria-label"]}
    >
      {values.map((value) => (
        <Label key={value} variant="outline" isCompact>
          {value}
        </Label>
      ))}
    </LabelGroup>
  );
}
