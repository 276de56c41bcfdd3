import { sendMouse } from "@web/test-runner-commands";

/**
 * A real mouse click in the middle of `element` (never element.click(): see FINDINGS), once it is in view, has stopped
 * moving and has faded in: menus are positioned and animate in, and a click aimed at a moving target lands elsewhere.
 */
export async function realClick(element: Element): Promise<void> {
  // in place first: a menu's items start where the menu was rendered and move when it is positioned
  let box = await settledBox(element);
  if (box.top < 0 || box.bottom > innerHeight) {
    element.scrollIntoView({ block: "center" });
    box = await settledBox(element);
  }
  await waitFor(() => fullyOpaque(element), "the element to fade in");
  await sendMouse({
    type: "click",
    position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)],
  });
}

/** Whether `element` and every ancestor in its tree are fully opaque (an overlay fading in is not yet). */
function fullyOpaque(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement)
    if (getComputedStyle(node).opacity !== "1") return false;
  return true;
}

/** `element`'s box once it has stayed the same for three animation frames in a row. */
export async function settledBox(element: Element, what = "the element to stop moving"): Promise<DOMRect> {
  const started = performance.now();
  let previous = JSON.stringify(element.getBoundingClientRect());
  for (let still = 0; still < 3;) {
    await nextFrame();
    const box = JSON.stringify(element.getBoundingClientRect());
    still = box === previous ? still + 1 : 0;
    previous = box;
    if (performance.now() - started > 10000) throw new Error(`Timed out waiting for ${what}`);
  }
  return element.getBoundingClientRect();
}

export async function waitFor<T>(
  probe: () => T | undefined | null | false,
  what = "condition",
  // generous: CI runs this step beside a real Keycloak and its browser on two cores
  timeoutMs = 10000,
): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (performance.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

/** The focused element, following open shadow roots. */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

export function shadowQuery<E extends Element = HTMLElement>(host: Element, selector: string): E | null {
  return host.shadowRoot?.querySelector<E>(selector) ?? null;
}

export function buttonByText(host: Element, text: string): HTMLElement | undefined {
  return [...(host.shadowRoot?.querySelectorAll<HTMLElement>("button") ?? [])].find((button) =>
    button.textContent?.trim().startsWith(text),
  );
}

/** Appends `<tag>` with `attributes` to a fresh container in the body and waits for its first render. */
export async function mountElement(tag: string, attributes: Record<string, string> = {}): Promise<HTMLElement> {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  const container = document.createElement("div");
  container.className = "test-container";
  container.append(element);
  document.body.append(container);
  await waitFor(() => element.shadowRoot?.querySelector("section"), `<${tag}> to render`);
  return element;
}

export function removeTestContainers(): void {
  for (const container of document.querySelectorAll(".test-container")) container.remove();
}
