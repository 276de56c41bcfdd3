import { Component, type ErrorInfo, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import {
  EmptyState,
  EmptyStateActions,
  EmptyStateBody,
  EmptyStateFooter,
} from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import { ExclamationTriangleIcon } from "@patternfly/react-icons/dist/esm/icons/exclamation-triangle-icon.js";
import { errorMessage, isForbidden } from "../api/api-error.ts";
import { useCoreMessages } from "../i18n/use-messages.ts";

function PageErrorMessage({ error, onHome }: { error: unknown; onHome(): void }) {
  const { t } = useCoreMessages();
  if (isForbidden(error)) {
    return (
      <EmptyState titleText={t("forbiddenTitle")} headingLevel="h1" data-testid="page-error">
        <EmptyStateBody>{t("forbiddenAdminConsole")}</EmptyStateBody>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      titleText={t("pageErrorTitle")}
      headingLevel="h1"
      icon={ExclamationTriangleIcon}
      status="danger"
      data-testid="page-error"
    >
      <EmptyStateBody>{errorMessage(error)}</EmptyStateBody>
      <EmptyStateFooter>
        <EmptyStateActions>
          <Button variant="primary" onClick={() => location.reload()}>
            {t("close")}
          </Button>
          <Button variant="link" onClick={onHome}>
            {t("home")}
          </Button>
        </EmptyStateActions>
      </EmptyStateFooter>
    </EmptyState>
  );
}

interface ErrorCatcherProps {
  children: ReactNode;
  onHome(): void;
  /** The current route: moving to another one shows that page again. */
  pathname: string;
}

class ErrorCatcher extends Component<ErrorCatcherProps, { error: unknown; failed: boolean }> {
  state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  componentDidUpdate(previous: ErrorCatcherProps) {
    if (this.state.failed && previous.pathname !== this.props.pathname)
      this.setState({ error: undefined, failed: false });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <PageErrorMessage
        error={this.state.error}
        onHome={() => {
          this.setState({ error: undefined, failed: false });
          this.props.onHome();
        }}
      />
    );
  }
}

/** Errors of a page: 403 shows forbiddenAdminConsole; others their message with close (reload) and home. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <ErrorCatcher onHome={() => navigate("/")} pathname={pathname}>
      {children}
    </ErrorCatcher>
  );
}
