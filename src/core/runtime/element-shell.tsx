import { Suspense, useState, type ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { I18nextProvider } from "react-i18next";
import { OverlayRootProvider } from "../ui/overlays/overlay-root.tsx";
import { AlertsProvider } from "../ui/alerts/alerts-context.tsx";
import { HelpProvider } from "../ui/help/help-context.tsx";
import { LoadingSpinner } from "../ui/layout/loading-spinner.tsx";
import { ElementRouter } from "../routing/element-router.tsx";
import { NavigationAnnouncer } from "../routing/navigation-events.tsx";
import type { ElementBaseProps } from "./element-props.ts";
import { PageErrorBoundary } from "./page-error-boundary.tsx";
import { RealmScope } from "./realm-scope.tsx";
import { RuntimeContext } from "./runtime-context.tsx";
import { SignInFailureDialog } from "./sign-in-failure-dialog.tsx";
import { signInErrorFromUrl } from "./sign-in-failure.ts";
import { useRuntimeStart } from "./use-runtime-start.ts";
import { preloadFirstScreen, prefetchFirstScreen, type FirstScreen } from "../routing/first-screen.ts";
import { errorMessage } from "../api/api-error.ts";
import { WaitingForToken } from "./waiting-for-token.tsx";
import { hasHostTokenSource, useTokenSourceReady } from "./host-token-wait.ts";
import { StartupErrorReporter, useStartFailureReport } from "./startup-error-reporter.tsx";

export interface ElementShellProps extends ElementBaseProps {
  children: ReactNode;
  /** Path the memory router starts at. */
  initialPath?: string;
  /**
   * Scope the tree to the `realm` attribute (areas). The full console sets this
   * false and scopes each `/:realm` route itself.
   */
  scopeToRealmAttribute?: boolean;
  /** The screen the element opens with: its reads start as soon as the runtime is there. */
  firstScreen?: FirstScreen;
}

/**
 * The frame every area's tree runs in: sign-in and the shared runtime, then the
 * providers (query cache, i18n, overlay root, help, alerts, router, access),
 * with a spinner until the admin client and who-am-I are loaded. Server info is read where something
 * reads it (the console's navigation, with the first reads) and only the parts that need it wait for it.
 */
export function ElementShell({
  children,
  initialPath,
  scopeToRealmAttribute = true,
  firstScreen,
  ...props
}: ElementShellProps) {
  // The first screen's chunk loads while the element signs in or waits for its token.
  useState(() => firstScreen && preloadFirstScreen(firstScreen));
  const tokenSourceReady = useTokenSourceReady(props);
  const urlError = hasHostTokenSource(props) ? undefined : signInErrorFromUrl();
  // After a failed sign-in the page shows the failure and starts no new sign-in until 'try again'.
  const { runtime, error } = useRuntimeStart(
    props,
    tokenSourceReady && !urlError,
    firstScreen && ((started) => prefetchFirstScreen(started, firstScreen)),
  );
  useStartFailureReport(props.host, error, urlError);
  if (urlError || error)
    return <SignInFailureDialog error={urlError ?? (error ? errorMessage(error) : undefined)} i18n={runtime?.i18n} />;
  if (!tokenSourceReady) return <WaitingForToken />;
  if (!runtime) return <LoadingSpinner />;
  const realm = props.realm || runtime.authRealm;
  return (
    <RuntimeContext.Provider value={runtime}>
      <QueryClientProvider client={runtime.queryClient}>
        <I18nextProvider i18n={runtime.i18n}>
          <OverlayRootProvider root={props.container}>
            <HelpProvider>
              <AlertsProvider>
                <ElementRouter mode={props.routing} basePath={props.basePath} initialPath={initialPath}>
                  <NavigationAnnouncer emit={props.emit} />
                  <StartupErrorReporter host={props.host} i18n={runtime.i18n} />
                  <PageErrorBoundary>
                    <Suspense fallback={<LoadingSpinner />}>
                      {scopeToRealmAttribute ? (
                        <RealmScope realm={realm} locale={props.locale} host={props.host}>
                          {children}
                        </RealmScope>
                      ) : (
                        children
                      )}
                    </Suspense>
                  </PageErrorBoundary>
                </ElementRouter>
              </AlertsProvider>
            </HelpProvider>
          </OverlayRootProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </RuntimeContext.Provider>
  );
}
