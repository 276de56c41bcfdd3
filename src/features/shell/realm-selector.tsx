import { useDeferredValue, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Divider } from "@patternfly/react-core/dist/esm/components/Divider/index.js";
import {
  Menu,
  MenuContent,
  MenuGroup,
  MenuItem,
  MenuList,
  MenuSearch,
  MenuSearchInput,
} from "@patternfly/react-core/dist/esm/components/Menu/index.js";
import { MenuContainer } from "@patternfly/react-core/dist/esm/components/Menu/MenuContainer.js";
import { MenuToggle } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import { SearchInput } from "@patternfly/react-core/dist/esm/components/SearchInput/index.js";
import { useRef } from "react";
import { fetchRealmNames, realmNamesKey } from "../../core/api/realm-names.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useRealmRepresentation } from "../../core/runtime/realm-scope.tsx";
import { useRuntime } from "../../core/runtime/runtime-context.tsx";
import { ValueBoundary } from "../../core/ui/boundaries/value-boundary.tsx";
import { useOverlayRoot } from "../../core/ui/overlays/overlay-root.tsx";
import { displayText, firstText } from "../../core/ui/text/display-text.ts";
import { toDashboard } from "./console-paths.ts";
import { useRecentRealms } from "./use-recent-realms.ts";

const SHOWN = 10;

/** The current realm's display name; opens a server-searched realm list with recent realms first. */
export function RealmSelector() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const representation = useRealmRepresentation();
  const { adminClient, authRealm } = useRuntime();
  const overlayRoot = useOverlayRoot();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const names = useQuery({
    queryKey: realmNamesKey(authRealm, deferredSearch, 0, SHOWN),
    queryFn: () => fetchRealmNames(adminClient, authRealm, { search: deferredSearch, first: 0, max: SHOWN }),
    enabled: open,
  });
  const known = useMemo(
    () => (names.data && !deferredSearch ? new Set(names.data.map((entry) => entry.name)) : undefined),
    [names.data, deferredSearch],
  );
  const displayName = displayText(representation?.displayName);
  const current = useMemo(() => ({ name: realm, displayName }), [realm, displayName]);
  const recent = useRecentRealms(current, known && known.size < SHOWN ? known : undefined).filter(
    (entry) => entry.name !== realm,
  );
  const label = displayName || realm;

  const select = (name: string) => {
    setOpen(false);
    navigate(toDashboard(name));
  };

  const menu = (
    <Menu ref={menuRef} onSelect={(_event, value) => select(String(value))} isScrollable>
      <MenuSearch>
        <MenuSearchInput>
          <SearchInput
            aria-label={t("searchRealm")}
            placeholder={t("searchRealm")}
            value={search}
            onChange={(_event, value) => setSearch(value)}
            onClear={() => setSearch("")}
          />
        </MenuSearchInput>
      </MenuSearch>
      <Divider />
      <MenuContent>
        {recent.length > 0 && !search && (
          <MenuGroup label={t("recentlyUsed")}>
            <MenuList aria-label={t("recentlyUsed")}>
              {recent.map((entry) => (
                <MenuItem key={`recent-${entry.name}`} itemId={entry.name}>
                  <ValueBoundary>{firstText(entry.displayName, entry.name)}</ValueBoundary>
                </MenuItem>
              ))}
            </MenuList>
          </MenuGroup>
        )}
        <MenuGroup label={t("allRealms")}>
          <MenuList aria-label={t("allRealms")}>
            {(names.data ?? []).map((entry) => (
              <MenuItem key={entry.name} itemId={entry.name} isSelected={entry.name === realm}>
                <ValueBoundary>{firstText(entry.displayName, entry.name)}</ValueBoundary>
              </MenuItem>
            ))}
            {names.data?.length === 0 && <MenuItem isDisabled>{t("noRealmsFound")}</MenuItem>}
          </MenuList>
        </MenuGroup>
      </MenuContent>
    </Menu>
  );

  return (
    <MenuContainer
      isOpen={open}
      onOpenChange={setOpen}
      menu={menu}
      menuRef={menuRef}
      toggleRef={toggleRef}
      popperProps={{ appendTo: overlayRoot }}
      toggle={
        <MenuToggle
          ref={toggleRef}
          isFullWidth
          isExpanded={open}
          onClick={() => setOpen(!open)}
          aria-label={t("realmSelectorNamed", { realm: label })}
          data-testid="realm-selector"
        >
          {label}
        </MenuToggle>
      }
    />
  );
}
