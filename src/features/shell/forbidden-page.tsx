import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { ForbiddenMessage } from "../../core/access/forbidden-message.tsx";

/** A route the user may not open: the missing permissions. */
export function ForbiddenPage({ permissions }: { permissions: string[] }) {
  return (
    <PageSection>
      <ForbiddenMessage permissions={permissions} />
    </PageSection>
  );
}
