import { useState } from "react";
import { Dropdown, DropdownItem, DropdownList } from "../../core/ui/overlays/dropdown.tsx";
import { MenuToggle } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import { QuestionCircleIcon } from "@patternfly/react-icons/dist/esm/icons/question-circle-icon.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useHelp } from "../../core/ui/help/help-context.tsx";

export const DOCUMENTATION_URL = "https://www.keycloak.org/docs/latest/server_admin/index.html";

/** Documentation link and the help-mode switch. */
export function HelpMenu() {
  const { t } = useMessages();
  const help = useHelp();
  const [open, setOpen] = useState(false);
  return (
    <Dropdown
      isOpen={open}
      onOpenChange={setOpen}
      popperProps={{ position: "right" }}
      toggle={(ref) => (
        <MenuToggle
          ref={ref}
          variant="plain"
          isExpanded={open}
          onClick={() => setOpen(!open)}
          aria-label={t("helpMenu")}
          icon={<QuestionCircleIcon />}
          data-testid="help-menu-toggle"
        />
      )}
    >
      <DropdownList>
        <DropdownItem key="docs" to={DOCUMENTATION_URL} isExternalLink>
          {t("documentation")}
        </DropdownItem>
        <DropdownItem key="help" onClick={help.toggle} data-testid="help-mode-item">
          <Switch
            id="help-mode-switch"
            label={t("enableHelpMode")}
            isChecked={help.enabled}
            isReversed
            onChange={help.toggle}
            aria-label={t("enableHelpMode")}
            data-testid="help-mode-switch"
          />
        </DropdownItem>
      </DropdownList>
    </Dropdown>
  );
}
