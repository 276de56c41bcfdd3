import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Label, LabelGroup } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import ExclamationTriangleIcon from "@patternfly/react-icons/dist/esm/icons/exclamation-triangle-icon.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import type { ListedUser } from "./user-queries.ts";
import "./messages.ts";

/** The list's status cell: disabled, temporarily locked (with unlock when allowed), federated. */
export function UserStatus({ user, onUnlock }: { user: ListedUser; onUnlock?: () => void }) {
  const { t } = useMessages();
  const isLocked = user.bruteForceStatus?.disabled === true;
  if (user.enabled !== false && !isLocked && !user.federationLink) return null;
  return (
    <LabelGroup>
      {user.enabled === false && <Label color="red">{t("disabled")}</Label>}
      {isLocked && (
        <Label color="orange" icon={<ExclamationTriangleIcon />}>
          {t("temporaryLocked")}
        </Label>
      )}
      {isLocked && onUnlock && (
        <Button variant="link" isInline onClick={onUnlock} aria-label={`${t("unlock")} ${user.username ?? ""}`}>
          {t("unlock")}
        </Button>
      )}
      {user.federationLink && <Label color="blue">{t("usersStatusFederated")}</Label>}
    </LabelGroup>
  );
}
