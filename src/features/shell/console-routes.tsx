import { createElement } from "react";
import { Navigate, Route, Routes } from "react-router";
import { RequireAccess } from "../../core/access/require-access.tsx";
import { ConsoleLayout } from "./console-layout.tsx";
import { consoleRoutes } from "./console-route-table.ts";
import { ForbiddenPage } from "./forbidden-page.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { RealmRoute } from "./realm-route.tsx";
import "./messages.ts";

/** `/` goes to the start realm; every screen lives under `/:realm`; anything else is 'Page Not Found'. */
export function ConsoleRoutes({
  startRealm,
  locale,
  host,
}: {
  startRealm: string;
  locale?: string;
  host: HTMLElement;
}) {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={`/${startRealm}`} replace />} />
      <Route path=":realm" element={<RealmRoute locale={locale} host={host} />}>
        <Route element={<ConsoleLayout />}>
          {consoleRoutes.map((route) => (
            <Route
              key={route.path}
              path={route.path || undefined}
              index={route.path === ""}
              element={
                <RequireAccess
                  rule={route.access}
                  forbidden={(permissions) => <ForbiddenPage permissions={permissions} />}
                >
                  {createElement(route.component)}
                </RequireAccess>
              }
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
