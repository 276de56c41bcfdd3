import { lazy, Suspense } from "react";
import { generatePath, matchPath, useLocation } from "react-router";
import { useOptionalAccess } from "../../access/access-context.tsx";
import { uiTabProviders } from "../../api/server-info.ts";
import { useMessages } from "../../i18n/use-messages.ts";
import { useServerInfoQuery } from "../../runtime/shared-queries.ts";
import { LoadingSpinner } from "../layout/loading-spinner.tsx";
import type { RoutableTab } from "./routable-tabs.tsx";

const ExtensionTabForm = lazy(() => import("./extension-tab-form.tsx"));

const stringParams = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(value && typeof value === "object" ? value : {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );

/**
 * The declarative UI's tabs for the screen at `base` (Keycloak's `UiTabProvider`s, DECLARATIVE_UI on): each provider
 * whose `path` (upstream's route syntax, e.g. `/:realm/clients/:id/:tab?`) matches the address becomes a tab at the
 * address its `params` fill in, when that address is one segment below `base`. Its form keeps one component per
 * provider and per entity of the address (the path's parameters other than the realm and the fixed ones), by name.
 */
export function useExtensionTabs(base: string, takenKeys: readonly string[]): RoutableTab[] {
  const { t } = useMessages();
  const { pathname } = useLocation();
  const canView = useOptionalAccess()?.hasAccess("view-realm") ?? false;
  const info = useServerInfoQuery().data;
  const prefix = `${base.replace(/\/+$/, "")}/`;
  return uiTabProviders(info).flatMap((provider): RoutableTab[] => {
    const path = provider.metadata?.path;
    if (typeof path !== "string" || !provider.id) return [];
    const match = matchPath({ path, end: true }, pathname);
    if (!match) return [];
    const fixed = stringParams(provider.metadata?.params);
    let target: string;
    try {
      target = generatePath(path, { ...match.params, ...fixed });
    } catch {
      return [];
    }
    const key = target.startsWith(prefix) ? target.slice(prefix.length) : "";
    if (!key || key.includes("/") || takenKeys.includes(key)) return [];
    const entity = stringParams(
      Object.fromEntries(Object.entries(match.params).filter(([name]) => name !== "realm" && !(name in fixed))),
    );
    return [
      {
        key,
        title: t(provider.id, { defaultValue: provider.id }),
        isHidden: !canView,
        content: (
          <Suspense fallback={<LoadingSpinner />}>
            <ExtensionTabForm
              provider={provider}
              entity={entity}
              stored={stringParams({ ...match.params, ...fixed })}
            />
          </Suspense>
        ),
      },
    ];
  });
}
