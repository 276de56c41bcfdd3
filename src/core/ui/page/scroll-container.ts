/** Spec §9: sections are scrolled to this many pixels below the top of the scroll container. */
export const JUMP_LINK_OFFSET = 100;

/** The nearest scrolling ancestor across shadow boundaries, or null for the page itself. */
export function scrollContainerOf(node: Element): HTMLElement | null {
  let current: Node | null = node.parentNode;
  while (current) {
    if (current instanceof HTMLElement) {
      const { overflowY } = getComputedStyle(current);
      if ((overflowY === "auto" || overflowY === "scroll") && current.scrollHeight > current.clientHeight)
        return current;
    }
    current = current instanceof ShadowRoot ? current.host : current.parentNode;
  }
  return null;
}

/** Distance from the container's visible top to `node`'s top. */
export function topWithin(node: Element, container: HTMLElement | null): number {
  const containerTop = container ? container.getBoundingClientRect().top : 0;
  return node.getBoundingClientRect().top - containerTop;
}

export function scrollToSection(node: Element, container: HTMLElement | null, offset = JUMP_LINK_OFFSET): void {
  const distance = topWithin(node, container) - offset;
  if (container) container.scrollBy({ top: distance, behavior: "smooth" });
  else window.scrollBy({ top: distance, behavior: "smooth" });
}
