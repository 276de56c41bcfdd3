import "@patternfly/react-core/dist/styles/base.css";
import "@patternfly/patternfly/patternfly-addons.css";
import "@keycloak/keycloak-admin-ui/styles.css";

// KeycloakProvider must come from the admin-ui package, not from
// @keycloak/keycloak-ui-shared: the admin-ui build bundles its own copy of
// ui-shared, and its screens read the environment from that copy's context.
import { AdminUi, KeycloakProvider, routes } from "@keycloak/keycloak-admin-ui";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createHashRouter, RouterProvider } from "react-router-dom";
import { readEnvironment } from "./environment";
import { createConsoleI18n } from "./i18n";

const container = document.getElementById("app")!;

try {
  const environment = readEnvironment();

  // Like the upstream app: messages are loaded before the first render.
  await createConsoleI18n(environment).init();

  // AdminUi is the console's shell (masthead, navigation, breadcrumbs,
  // AdminClientProvider and the other contexts) with an <Outlet/> for the
  // section routes. KeycloakProvider runs keycloak-js (login-required)
  // against environment.serverBaseUrl before rendering it.
  const router = createHashRouter([
    {
      path: "/",
      element: (
        <KeycloakProvider environment={environment}>
          <AdminUi />
        </KeycloakProvider>
      ),
      children: routes,
    },
  ]);

  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
} catch (error) {
  container.textContent = `Console harness failed to start: ${String(error)}`;
  throw error;
}
