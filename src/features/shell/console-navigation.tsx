import { NavLink } from "react-router";
import { Nav, NavGroup, NavItem, NavList } from "@patternfly/react-core/dist/esm/components/Nav/index.js";
import { PageSidebar, PageSidebarBody } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { satisfies } from "../../core/access/access-checker.ts";
import { uiPageProviders } from "../../core/api/server-info.ts";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useRealmRepresentation } from "../../core/runtime/realm-scope.tsx";
import { useRuntime } from "../../core/runtime/runtime-context.tsx";
import { useServerInfoQuery } from "../../core/runtime/shared-queries.ts";
import { ValueBoundary } from "../../core/ui/boundaries/value-boundary.tsx";
import { toArea, toRealms } from "./console-paths.ts";
import { configureEntries, manageEntries, managementConsoleAccess, type NavEntry } from "./nav-entries.ts";
import { RealmSelector } from "./realm-selector.tsx";
import { MASTER_REALM } from "./use-clear-caches.ts";

function EntryLink({ to, label }: { to: string; label: string }) {
  return (
    <NavItem>
      <NavLink
        to={to}
        className={({ isActive }) => (isActive ? "pf-m-current" : undefined)}
        data-testid={`nav-${to.split("/")[2] ?? "home"}`}
      >
        {label}
      </NavLink>
    </NavItem>
  );
}

/** Realm selector, management console link, Manage and Configure sections; entries hidden without access. */
export function ConsoleNavigation() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const access = useAccess();
  // Entries that depend on server features appear once server info is in; the rest does not wait for it.
  const info = useServerInfoQuery().data;
  const representation = useRealmRepresentation();
  const { serverUrl } = useRuntime();
  const visible = (entries: NavEntry[]) =>
    entries.filter(
      (entry) =>
        satisfies(access, entry.access) && (!entry.shown || (info !== undefined && entry.shown(info, representation))),
    );
  const manage = visible(manageEntries);
  const configure = visible(configureEntries);
  const customPages = satisfies(access, "view-realm") ? uiPageProviders(info) : [];
  return (
    <PageSidebar>
      <PageSidebarBody>
        <ValueBoundary resetKey={realm}>
          <RealmSelector />
        </ValueBoundary>
      </PageSidebarBody>
      <PageSidebarBody isFilled>
        <Nav aria-label={t("navigation")}>
          <NavList>
            {realm === MASTER_REALM && <EntryLink to={toRealms(realm)} label={t("manageRealms")} />}
            {satisfies(access, managementConsoleAccess) && (
              <NavItem
                to={`${serverUrl}/admin/${encodeURIComponent(realm)}/console/`}
                target="_blank"
                rel="noopener"
                data-testid="nav-management-console"
              >
                {t("managementConsole")}
              </NavItem>
            )}
          </NavList>
          {manage.length > 0 && (
            <NavGroup title={t("manage")}>
              {manage.map((entry) => (
                <EntryLink key={entry.path} to={toArea(realm, entry.path)} label={t(entry.label)} />
              ))}
            </NavGroup>
          )}
          {configure.length + customPages.length > 0 && (
            <NavGroup title={t("configure")}>
              {configure.map((entry) => (
                <EntryLink key={entry.path} to={toArea(realm, entry.path)} label={t(entry.label)} />
              ))}
              {customPages.map((page) => (
                <EntryLink
                  key={page.id}
                  to={toArea(realm, `page-section/${encodeURIComponent(page.id!)}`)}
                  label={t(page.id!, { defaultValue: page.id! })}
                />
              ))}
            </NavGroup>
          )}
        </Nav>
      </PageSidebarBody>
    </PageSidebar>
  );
}
