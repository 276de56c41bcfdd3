import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";

/** An in-app link styled as PatternFly's inline link (readable in both themes). */
export function RoleLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button variant="link" isInline component={(props: object) => <Link {...props} to={to} />}>
      {children}
    </Button>
  );
}
