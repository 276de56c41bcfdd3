import { useState, type ReactNode, type Ref } from "react";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { MenuToggle, type MenuToggleElement } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import EllipsisVIcon from "@patternfly/react-icons/dist/esm/icons/ellipsis-v-icon.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { useConfirm } from "../dialogs/use-confirm.tsx";
import { displayText } from "../text/display-text.ts";
import { Dropdown, DropdownItem, DropdownList } from "../overlays/dropdown.tsx";
import "./page-messages.ts";

export interface ViewHeaderAction {
  title: string;
  onClick(): void;
  isDanger?: boolean;
  isDisabled?: boolean;
}

export interface ViewHeaderProps {
  title: string;
  /** A line under the title (help text or subtitle). */
  subtitle?: ReactNode;
  badges?: { text: string; color?: "blue" | "green" | "orange" | "red" | "purple" | "grey" }[];
  /** Shows an enabled switch; turning it off asks first when `disableConfirm` is set. */
  enabled?: {
    isEnabled: boolean;
    onChange(enabled: boolean): void;
    disableConfirm?: { title?: string; message?: ReactNode };
  };
  /** Items of the header's kebab menu. */
  actions?: ViewHeaderAction[];
  /** Extra content right of the title (buttons). */
  toolbar?: ReactNode;
}

/** The top of a screen: title, badges, subtitle, enabled switch and an actions kebab. */
export function ViewHeader({ title: rawTitle, subtitle, badges, enabled, actions, toolbar }: ViewHeaderProps) {
  const { t } = useMessages();
  const title = displayText(rawTitle);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const { confirm, dialog } = useConfirm();
  const changeEnabled = async (next: boolean) => {
    if (!next && enabled?.disableConfirm) {
      const agreed = await confirm({
        title: enabled.disableConfirm.title ?? t("disableItemConfirmTitle", { name: title }),
        children: enabled.disableConfirm.message ?? t("disableConfirm", { name: title }),
        confirmLabel: t("disable"),
        variant: "destructive",
      });
      if (!agreed) return;
    }
    enabled?.onChange(next);
  };
  return (
    <PageSection variant="default" className="kc-view-header">
      <Toolbar>
        <ToolbarContent>
          <ToolbarItem>
            <Title headingLevel="h1" size="2xl">
              {title}
            </Title>
          </ToolbarItem>
          {badges?.map((badge) => (
            <ToolbarItem key={badge.text}>
              <Label color={badge.color ?? "blue"}>{badge.text}</Label>
            </ToolbarItem>
          ))}
          <ToolbarItem align={{ default: "alignEnd" }}>{toolbar}</ToolbarItem>
          {enabled && (
            <ToolbarItem>
              <Switch
                id="kc-view-header-enabled"
                label={enabled.isEnabled ? t("enabled") : t("disabled")}
                aria-label={t("enabled")}
                isChecked={enabled.isEnabled}
                onChange={(_event, next) => void changeEnabled(next)}
              />
            </ToolbarItem>
          )}
          {actions && actions.length > 0 && (
            <ToolbarItem>
              <Dropdown
                isOpen={isMenuOpen}
                onOpenChange={setMenuOpen}
                onSelect={() => setMenuOpen(false)}
                popperProps={{ position: "right" }}
                toggle={(toggleRef: Ref<MenuToggleElement>) => (
                  <MenuToggle
                    ref={toggleRef}
                    variant="plain"
                    aria-label={t("headerActions")}
                    isExpanded={isMenuOpen}
                    onClick={() => setMenuOpen(!isMenuOpen)}
                    icon={<EllipsisVIcon />}
                  />
                )}
                shouldFocusToggleOnSelect
              >
                <DropdownList>
                  {actions.map((action) => (
                    <DropdownItem
                      key={action.title}
                      onClick={action.onClick}
                      isDanger={action.isDanger}
                      isDisabled={action.isDisabled}
                    >
                      {action.title}
                    </DropdownItem>
                  ))}
                </DropdownList>
              </Dropdown>
            </ToolbarItem>
          )}
        </ToolbarContent>
      </Toolbar>
      {subtitle && <Content component="p">{subtitle}</Content>}
      {dialog}
    </PageSection>
  );
}
