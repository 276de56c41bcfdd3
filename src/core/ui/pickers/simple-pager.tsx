import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import AngleLeftIcon from "@patternfly/react-icons/dist/esm/icons/angle-left-icon.js";
import AngleRightIcon from "@patternfly/react-icons/dist/esm/icons/angle-right-icon.js";
import { useMessages } from "../../i18n/use-messages.ts";

/** Previous/next for a server-paged list whose total is unknown. */
export function SimplePager({
  first,
  pageSize,
  hasNext,
  onChange,
}: {
  first: number;
  pageSize: number;
  hasNext: boolean;
  onChange(first: number): void;
}) {
  const { t } = useMessages();
  return (
    <div className="kc-simple-pager">
      <Button
        variant="plain"
        aria-label={t("pickerPrevious")}
        icon={<AngleLeftIcon />}
        isDisabled={first === 0}
        onClick={() => onChange(Math.max(0, first - pageSize))}
      />
      <span>{`${first + 1} – ${first + pageSize}`}</span>
      <Button
        variant="plain"
        aria-label={t("pickerNext")}
        icon={<AngleRightIcon />}
        isDisabled={!hasNext}
        onClick={() => onChange(first + pageSize)}
      />
    </div>
  );
}
