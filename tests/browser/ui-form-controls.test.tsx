import { expect } from "chai";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import type { UseFormReturn } from "react-hook-form";
import {
  CopyToClipboardField,
  DateTimeControl,
  FileUploadControl,
  KeyValueControl,
  TextControl,
  TimeSelectorControl,
  keyValueToMap,
  mapToKeyValue,
  type KeyValueEntry,
} from "../../src/core/ui/form/index.ts";
import { HELP_STORAGE_KEY } from "../../src/core/ui/help/help-setting.ts";
import { realClick, removeTestContainers, waitFor } from "./elements-helpers.ts";
import { TestForm, byText, mountUi, submitButton } from "./ui-kit-harness.tsx";

const keyInputs = (root: ShadowRoot) => [...root.querySelectorAll<HTMLInputElement>('input[aria-label^="Key "]')];
const valueInputs = (root: ShadowRoot) => [...root.querySelectorAll<HTMLInputElement>('input[aria-label^="Value "]')];

async function typeInto(input: HTMLInputElement | HTMLTextAreaElement, text: string) {
  await realClick(input);
  await sendKeys({ press: "Control+a" });
  await sendKeys({ type: text });
}

/** Opens a SingleSelect toggle and picks the option labelled `label`. */
async function choose(root: ShadowRoot, toggle: HTMLElement, label: string) {
  await realClick(toggle);
  const option = await waitFor(() => byText(root, ".pf-v6-c-menu li button", label), `the option ${label}`);
  await realClick(option);
  await waitFor(() => !root.querySelector(".pf-v6-c-menu"), "the menu to close");
}

describe("more form controls", () => {
  afterEach(async () => {
    removeTestContainers();
    localStorage.removeItem(HELP_STORAGE_KEY);
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("key-value: loads a map of lists as rows, adds and removes rows, and saves a map of lists", async () => {
    const saved: Record<string, string[]>[] = [];
    const { root } = await mountUi(
      <TestForm<{ attributes: KeyValueEntry[] }>
        defaultValues={{ attributes: mapToKeyValue({ team: ["blue", "green"], floor: ["3"] }) }}
        onSubmit={(values) => void saved.push(keyValueToMap(values.attributes))}
      >
        <KeyValueControl name="attributes" label="Attributes" />
      </TestForm>,
    );
    expect(keyInputs(root).map((input) => input.value)).to.deep.equal(["team", "team", "floor"]);
    expect(valueInputs(root).map((input) => input.value)).to.deep.equal(["blue", "green", "3"]);
    const add = () => byText<HTMLButtonElement>(root, "button", "Add an entry")!;
    expect(add().disabled).to.equal(false);
    await realClick(add());
    await waitFor(() => keyInputs(root).length === 4, "a fourth row");
    expect(add().disabled, "add waits for a key in the new row").to.equal(true);
    await typeInto(keyInputs(root)[3], "desk");
    await typeInto(valueInputs(root)[3], "12b");
    await waitFor(() => !add().disabled, "add to enable again");
    await realClick(root.querySelector<HTMLButtonElement>('button[aria-label="Remove this entry (3)"]')!);
    await waitFor(() => keyInputs(root).length === 3, "the floor row removed");
    expect(keyInputs(root).map((input) => input.value)).to.deep.equal(["team", "team", "desk"]);
    await waitFor(() => !submitButton(root).disabled, "save to enable");
    await realClick(submitButton(root));
    await waitFor(() => saved.length === 1, "the submit");
    expect(saved[0]).to.deep.equal({ team: ["blue", "green"], desk: ["12b"] });
  });

  it("key-value: removing the last row leaves one empty row that cannot be removed and saves an empty map", async () => {
    let form: UseFormReturn<{ attributes: KeyValueEntry[] }> | undefined;
    const { root } = await mountUi(
      <TestForm<{ attributes: KeyValueEntry[] }>
        expose={(f) => (form = f)}
        defaultValues={{ attributes: mapToKeyValue({ team: ["blue"] }) }}
      >
        <KeyValueControl name="attributes" label="Attributes" />
      </TestForm>,
    );
    const remove = () => root.querySelector<HTMLButtonElement>('button[aria-label="Remove this entry (1)"]')!;
    await realClick(remove());
    await waitFor(() => keyInputs(root)[0]?.value === "", "an empty row");
    expect(keyInputs(root).length).to.equal(1);
    expect(remove().disabled).to.equal(true);
    expect(keyValueToMap(form!.getValues("attributes"))).to.deep.equal({});
  });

  it("time selector: shows the largest exact unit and stores seconds for the chosen unit", async () => {
    let form: UseFormReturn<{ lifespan: number | "" }> | undefined;
    const saved: unknown[] = [];
    const { root } = await mountUi(
      <TestForm<{ lifespan: number | "" }>
        expose={(f) => (form = f)}
        defaultValues={{ lifespan: 7200 }}
        onSubmit={(values) => void saved.push(values.lifespan)}
      >
        <TimeSelectorControl name="lifespan" label="Lifespan" />
      </TestForm>,
    );
    const amount = root.querySelector<HTMLInputElement>("input#kc-field-lifespan")!;
    const unitToggle = () => root.querySelector<HTMLButtonElement>('button[aria-label$=", the unit of Lifespan"]')!;
    expect(amount.value).to.equal("2");
    expect(unitToggle().textContent).to.equal("Hours");
    await typeInto(amount, "5");
    await waitFor(() => form!.getValues("lifespan") === 5 * 3600, "5 hours");
    await choose(root, unitToggle(), "Minutes");
    await waitFor(() => form!.getValues("lifespan") === 300, "5 minutes = 300 s");
    expect(unitToggle().textContent).to.equal("Minutes");
    expect(amount.value, "the amount stays as typed").to.equal("5");
    await choose(root, unitToggle(), "Days");
    await waitFor(() => form!.getValues("lifespan") === 5 * 86400, "5 days");
    await choose(root, unitToggle(), "Seconds");
    await waitFor(() => form!.getValues("lifespan") === 5, "5 seconds");
    await choose(root, unitToggle(), "Minutes");
    await waitFor(() => form!.getValues("lifespan") === 300, "back to 300");
    await realClick(submitButton(root));
    await waitFor(() => saved.length === 1, "the submit");
    expect(saved).to.deep.equal([300]);
  });

  it("file upload: JSON typed into the text area becomes the parsed value; invalid JSON shows an error and clears it", async () => {
    let form: UseFormReturn<{ realm: unknown }> | undefined;
    const parsed: unknown[] = [];
    const { root } = await mountUi(
      <TestForm<{ realm: unknown }> expose={(f) => (form = f)}>
        <FileUploadControl name="realm" label="Resource file" onParsed={(value) => parsed.push(value)} />
      </TestForm>,
    );
    const text = root.querySelector<HTMLTextAreaElement>("textarea")!;
    const helper = () => root.querySelector("#kc-field-realm-helper");
    expect(root.querySelectorAll(".pf-v6-c-helper-text__item.pf-m-error").length, "no error yet").to.equal(0);
    await realClick(text);
    await sendKeys({ type: '{"realm": "demo", "enabled": true}' });
    await waitFor(
      () => (form!.getValues("realm") as { realm?: string } | undefined)?.realm === "demo",
      "the parsed object",
    );
    expect(form!.getValues("realm")).to.deep.equal({ realm: "demo", enabled: true });
    expect(parsed.at(-1)).to.deep.equal({ realm: "demo", enabled: true });
    await sendKeys({ press: "Backspace" });
    await waitFor(() => helper()?.textContent?.startsWith("The file is not valid JSON:"), "the invalid-JSON error");
    expect(helper()!.classList.contains("pf-m-error"), "shown as an error").to.equal(true);
    expect(form!.getValues("realm")).to.equal(undefined);
    await sendKeys({ type: "}" });
    await waitFor(() => form!.getValues("realm"), "valid again");
    expect(helper()?.textContent ?? "").to.not.include("not valid JSON");
  });

  it("copy-to-clipboard: the button puts the value on the clipboard and says so", async () => {
    const value = "https://sso.example/realms/demo/protocol/openid-connect/certs";
    const { root } = await mountUi(
      <>
        <CopyToClipboardField label="JWKS URL" value={value} />
        <textarea id="paste-here" aria-label="Paste here" />
      </>,
    );
    const input = root.querySelector<HTMLInputElement>("input[readonly]")!;
    expect(input.value).to.equal(value);
    expect(input.readOnly).to.equal(true);
    const button = root.querySelector<HTMLButtonElement>('button[aria-label="Copy to clipboard: JWKS URL"]')!;
    await realClick(button);
    await waitFor(
      () => root.querySelector(".pf-v6-screen-reader[aria-live]")?.textContent === "Successfully copied to clipboard!",
      "the copied announcement",
    );
    await waitFor(() => byText(root, ".pf-v6-c-tooltip", "Successfully copied to clipboard!"), "the copied tooltip");
    // Reading the clipboard back needs a permission the runner does not grant: paste it instead.
    const paste = root.querySelector<HTMLTextAreaElement>("textarea#paste-here")!;
    await realClick(paste);
    await sendKeys({ press: "Control+v" });
    await waitFor(() => paste.value === value, "the pasted value");
  });

  it("date-time: holds the text the browser's picker understands (yyyy-MM-ddTHH:mm) and saves it unchanged", async () => {
    // Chromium's date segments ignore Playwright's key events here (nothing typed reaches them), so the
    // value comes from the form and the picker shows it: a different format would leave it empty.
    const saved: { notBefore: string; day: string }[] = [];
    const { root } = await mountUi(
      <TestForm<{ notBefore: string; day: string; note: string }>
        defaultValues={{ notBefore: "2026-11-22T09:30", day: "2026-11-22" }}
        onSubmit={(values) => void saved.push({ notBefore: values.notBefore, day: values.day })}
      >
        <DateTimeControl name="notBefore" label="Not before" />
        <DateTimeControl name="day" label="Day" type="date" />
        <TextControl name="note" label="Note" />
      </TestForm>,
    );
    const input = root.querySelector<HTMLInputElement>("input#kc-field-notBefore")!;
    expect(input.type).to.equal("datetime-local");
    expect(input.value).to.equal("2026-11-22T09:30");
    expect(input.valueAsNumber, "the picker parsed a date and time").to.equal(Date.UTC(2026, 10, 22, 9, 30));
    const day = root.querySelector<HTMLInputElement>("input#kc-field-day")!;
    expect(day.type).to.equal("date");
    expect(day.valueAsNumber).to.equal(Date.UTC(2026, 10, 22));
    await realClick(root.querySelector("input#kc-field-note")!);
    await sendKeys({ type: "x" });
    await waitFor(() => !submitButton(root).disabled, "save to enable");
    await realClick(submitButton(root));
    await waitFor(() => saved.length === 1, "the submit");
    expect(saved).to.deep.equal([{ notBefore: "2026-11-22T09:30", day: "2026-11-22" }]);
  });

  it("help mode on: the label's help button opens a popover with the help text", async () => {
    localStorage.setItem(HELP_STORAGE_KEY, "true");
    const { root } = await mountUi(
      <TestForm>
        <TextControl name="alias" label="Alias" labelHelp="The name shown on the sign-in page." />
      </TestForm>,
    );
    const help = root.querySelector<HTMLElement>(`[role="button"][aria-label="More help for 'Alias'"]`)!;
    expect(Boolean(help), "a help button next to the label").to.equal(true);
    expect(root.querySelectorAll(".pf-v6-c-popover").length).to.equal(0);
    await realClick(help);
    const popover = await waitFor(() => root.querySelector<HTMLElement>(".pf-v6-c-popover"), "the help popover");
    expect(popover.textContent).to.include("The name shown on the sign-in page.");
    await waitFor(() => getComputedStyle(popover).opacity === "1", "the popover to show");
    await sendKeys({ press: "Escape" });
    await waitFor(() => !root.querySelector(".pf-v6-c-popover"), "Escape to close the popover");
  });

  it("help mode off: no help button next to the label", async () => {
    localStorage.setItem(HELP_STORAGE_KEY, "false");
    const { root } = await mountUi(
      <TestForm>
        <TextControl name="alias" label="Alias" labelHelp="The name shown on the sign-in page." />
      </TestForm>,
    );
    expect(root.querySelectorAll('label[for="kc-field-alias"]').length, "the label").to.equal(1);
    expect(root.querySelectorAll(`[aria-label="More help for 'Alias'"]`).length, "no help button").to.equal(0);
    expect(root.textContent).to.not.include("The name shown on the sign-in page.");
  });

  it("shows PatternFly's required marker only on a control with the required rule", async () => {
    const { root } = await mountUi(
      <TestForm>
        <TextControl name="username" label="Username" rules={{ required: true }} />
        <TextControl name="nickname" label="Nickname" />
      </TestForm>,
    );
    const marker = root.querySelector('label[for="kc-field-username"] .pf-v6-c-form__label-required');
    expect(marker?.textContent?.trim()).to.equal("*");
    expect(getComputedStyle(marker!).display).to.not.equal("none");
    expect(
      root.querySelectorAll('label[for="kc-field-nickname"] .pf-v6-c-form__label-required').length,
      "no marker without the rule",
    ).to.equal(0);
    expect(root.querySelector<HTMLInputElement>("input#kc-field-username")!.required).to.equal(true);
  });
});
