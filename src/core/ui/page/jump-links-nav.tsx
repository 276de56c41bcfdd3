import { useEffect, useRef, useState } from "react";
import { JumpLinks, JumpLinksItem } from "@patternfly/react-core/dist/esm/components/JumpLinks/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { JUMP_LINK_OFFSET, scrollContainerOf, scrollToSection, topWithin } from "./scroll-container.ts";
import "./page-messages.ts";

export interface JumpSection {
  /** The id of the section element (in the same shadow root). */
  id: string;
  title: string;
}

export interface JumpLinksNavProps {
  sections: JumpSection[];
  offset?: number;
  label?: string;
}

/**
 * Jump links for a long form. Sections are found in the nav's own root (shadow root or document)
 * and scrolled within their scroll container, `offset` pixels from its top; the link of the
 * section at the top is marked active while scrolling.
 */
export function JumpLinksNav({ sections, offset = JUMP_LINK_OFFSET, label }: JumpLinksNavProps) {
  const { t } = useMessages();
  const navRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);

  const sectionNode = (id: string) => {
    const root = navRef.current?.getRootNode() as Document | ShadowRoot | undefined;
    return root?.getElementById(id) ?? null;
  };

  useEffect(() => {
    const first = sections.map((section) => sectionNode(section.id)).find(Boolean);
    if (!first) return;
    const container = scrollContainerOf(first);
    const target: HTMLElement | Window = container ?? window;
    const update = () => {
      let current = 0;
      sections.forEach((section, index) => {
        const node = sectionNode(section.id);
        if (node && topWithin(node, container) <= offset + 1) current = index;
      });
      setActive(current);
    };
    update();
    target.addEventListener("scroll", update, { passive: true });
    return () => target.removeEventListener("scroll", update);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sections, offset]);

  return (
    <div ref={navRef}>
      <JumpLinks
        isVertical
        label={label ?? t("jumpToSection")}
        aria-label={label ?? t("jumpToSection")}
        activeIndex={active}
      >
        {sections.map((section, index) => (
          <JumpLinksItem
            key={section.id}
            href={`#${section.id}`}
            isActive={index === active}
            onClick={(event) => {
              event.preventDefault();
              const node = sectionNode(section.id);
              if (!node) return;
              setActive(index);
              scrollToSection(node, scrollContainerOf(node), offset);
            }}
          >
            {section.title}
          </JumpLinksItem>
        ))}
      </JumpLinks>
    </div>
  );
}
