import {
  Masthead,
  MastheadBrand,
  MastheadContent,
  MastheadLogo,
  MastheadMain,
  MastheadToggle,
} from "@patternfly/react-core/dist/esm/components/Masthead/index.js";
import { PageToggleButton } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import {
  Toolbar,
  ToolbarContent,
  ToolbarGroup,
  ToolbarItem,
} from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { BarsIcon } from "@patternfly/react-icons/dist/esm/icons/bars-icon.js";
import { Link } from "react-router";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { ValueBoundary } from "../../core/ui/boundaries/value-boundary.tsx";
import { ConsoleLogo } from "./logo.tsx";
import { HelpMenu } from "./help-menu.tsx";
import { LanguageSelector } from "./language-selector.tsx";
import { NarrowKebabMenu } from "./narrow-kebab-menu.tsx";
import { UserMenu } from "./user-menu.tsx";
import { toDashboard } from "./console-paths.ts";

/** Logo, help menu and user menu; a kebab takes their place on narrow widths. */
export function ConsoleMasthead() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  return (
    <Masthead>
      <MastheadMain>
        <MastheadToggle>
          <PageToggleButton isHamburgerButton aria-label={t("navigation")}>
            <BarsIcon />
          </PageToggleButton>
        </MastheadToggle>
        <MastheadBrand>
          <MastheadLogo component={(props) => <Link {...props} to={toDashboard(realm)} />}>
            <ConsoleLogo label={t("logoLabel")} />
          </MastheadLogo>
        </MastheadBrand>
      </MastheadMain>
      <MastheadContent>
        <Toolbar isFullHeight isStatic>
          <ToolbarContent>
            <ToolbarGroup
              variant="action-group-plain"
              align={{ default: "alignEnd" }}
              visibility={{ default: "hidden", md: "visible" }}
            >
              <ToolbarItem>
                <ValueBoundary>
                  <LanguageSelector />
                </ValueBoundary>
              </ToolbarItem>
              <ToolbarItem>
                <ValueBoundary>
                  <HelpMenu />
                </ValueBoundary>
              </ToolbarItem>
              <ToolbarItem>
                <ValueBoundary>
                  <UserMenu />
                </ValueBoundary>
              </ToolbarItem>
            </ToolbarGroup>
            <ToolbarGroup align={{ default: "alignEnd" }} visibility={{ default: "visible", md: "hidden" }}>
              <ToolbarItem>
                <ValueBoundary>
                  <NarrowKebabMenu />
                </ValueBoundary>
              </ToolbarItem>
            </ToolbarGroup>
          </ToolbarContent>
        </Toolbar>
      </MastheadContent>
    </Masthead>
  );
}
