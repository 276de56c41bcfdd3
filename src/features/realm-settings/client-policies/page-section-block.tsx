import type { ReactNode } from "react";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import "./client-policies.css";

/** A titled block below a screen's form (executors, conditions, profiles). */
export function SectionBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="kc-cp-section" aria-label={title}>
      <Title headingLevel="h2" size="lg" className="kc-cp-section-title">
        {title}
      </Title>
      {children}
    </section>
  );
}
