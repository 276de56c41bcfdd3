import { expect } from "chai";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import { FormProvider, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  MultiValueControl,
  NumberControl,
  SelectControl,
  TextControl,
  applyServerErrors,
  useValuesForm,
} from "../../src/core/ui/form/index.ts";
import { registerMessages } from "../../src/core/i18n/message-bundles.ts";
import { realClick, removeTestContainers, waitFor } from "./elements-helpers.ts";
import { TestForm, byText, mountUi, sleep, submitButton } from "./ui-kit-harness.tsx";

const choices = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ value: `v${index}`, label: `Choice ${index}` }));

describe("form controls", () => {
  afterEach(async () => {
    removeTestContainers();
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("becomes a typeahead select at 10 options (9 → plain select)", async () => {
    const nine = await mountUi(
      <TestForm>
        <SelectControl name="pick" label="Pick" options={choices(9)} />
      </TestForm>,
    );
    expect(nine.root.querySelector('input[role="combobox"]')).to.equal(null);
    expect(nine.root.querySelector("button#kc-field-pick")).to.not.equal(null);
    removeTestContainers();
    const ten = await mountUi(
      <TestForm>
        <SelectControl name="pick" label="Pick" options={choices(10)} />
      </TestForm>,
    );
    const input = ten.root.querySelector<HTMLInputElement>('input[role="combobox"]')!;
    expect(input).to.not.equal(null);
    // Named by the field's label, not by PatternFly's default "Type to filter".
    expect(input.id).to.equal("kc-field-pick");
    expect(input.hasAttribute("aria-label")).to.equal(false);
    expect(ten.root.querySelector<HTMLLabelElement>('label[for="kc-field-pick"]')?.textContent).to.contain("Pick");
    await realClick(input);
    await sendKeys({ type: "ice 7" });
    const option = await waitFor(() => byText(ten.root, ".pf-v6-c-menu li button", "Choice 7"), "the filtered option");
    expect(ten.root.querySelectorAll(".pf-v6-c-menu li button").length).to.equal(1);
    await realClick(option);
    await waitFor(() => input.value === "Choice 7", "the chosen label");
  });

  it("keeps one multi-value entry: add needs text in the last entry, remove needs two", async () => {
    let form: UseFormReturn<{ uris: string[] }> | undefined;
    const { root } = await mountUi(
      <TestForm<{ uris: string[] }> expose={(f) => (form = f)}>
        <MultiValueControl name="uris" label="Redirect URIs" />
      </TestForm>,
    );
    const add = () => root.querySelector<HTMLButtonElement>('button[aria-label="Add another value"]')!;
    const removes = () => [...root.querySelectorAll<HTMLButtonElement>('button[aria-label^="Remove this value"]')];
    expect(root.querySelectorAll('input[aria-label^="Redirect URIs"]').length).to.equal(1);
    expect(add().disabled).to.equal(true);
    expect(removes()[0].disabled).to.equal(true);
    await realClick(root.querySelector('input[aria-label="Redirect URIs 1"]')!);
    await sendKeys({ type: "https://a.example/*" });
    await waitFor(() => !add().disabled, "add to enable");
    await realClick(add());
    await waitFor(() => root.querySelectorAll('input[aria-label^="Redirect URIs"]').length === 2, "a second entry");
    expect(add().disabled).to.equal(true);
    expect(removes().every((button) => !button.disabled)).to.equal(true);
    await realClick(removes()[1]);
    await waitFor(() => removes().length === 1 && removes()[0].disabled, "one entry, remove disabled");
    expect(form!.getValues("uris")).to.deep.equal(["https://a.example/*"]);
  });

  it("never steps below min and falls back to the default on non-numeric input", async () => {
    let form: UseFormReturn<{ count: number }> | undefined;
    const { root } = await mountUi(
      <TestForm<{ count: number }> expose={(f) => (form = f)}>
        <NumberControl name="count" label="Count" min={1} defaultValue={3} />
      </TestForm>,
    );
    const minus = root.querySelector<HTMLButtonElement>('button[aria-label="Count −1"]')!;
    for (let step = 0; step < 4; step++) await realClick(minus);
    await waitFor(() => form!.getValues("count") === 1, "the min");
    expect(minus.disabled).to.equal(true);
    const input = root.querySelector<HTMLInputElement>("input#kc-field-count")!;
    await realClick(input);
    await sendKeys({ press: "Control+a" });
    await sendKeys({ type: "e" });
    await waitFor(() => form!.getValues("count") === 3, "the default after non-numeric input");
    expect(input.value).to.equal("3");
  });

  it("enables submit only when valid, changed and not submitting", async () => {
    let finish: () => void = () => undefined;
    const submitted: unknown[] = [];
    const onSubmit = (values: unknown) => {
      submitted.push(values);
      return new Promise<void>((resolve) => (finish = resolve));
    };
    const { root } = await mountUi(
      <TestForm<{ name: string }> onSubmit={onSubmit} defaultValues={{ name: "" }}>
        <TextControl name="name" label="Name" rules={{ required: true, minLength: 3 }} />
      </TestForm>,
    );
    expect(root.querySelector("label")!.textContent).to.include("*");
    expect(submitButton(root).disabled, "clean").to.equal(true);
    await realClick(root.querySelector("input#kc-field-name")!);
    await sendKeys({ type: "ab" });
    await sleep(50);
    expect(submitButton(root).disabled, "invalid").to.equal(true);
    await sendKeys({ type: "c" });
    await waitFor(() => !submitButton(root).disabled, "valid and dirty");
    await realClick(submitButton(root));
    await waitFor(() => submitted.length === 1, "the submit");
    await waitFor(() => submitButton(root).disabled, "disabled while submitting");
    finish();
    await waitFor(() => !submitButton(root).disabled, "enabled after submitting");
  });

  it("puts server errors on the fields: type server, translated, ${key} looked up with params", async () => {
    registerMessages("ui-form-test", { usernameTaken: "The name {{0}} is taken", emailBad: "Not an email" });
    let form: UseFormReturn<{ username: string; email: string }> | undefined;
    function Harness() {
      const { t } = useTranslation();
      return (
        <TestForm<{ username: string; email: string }>
          expose={(f) => {
            form = f;
            (window as unknown as { applyTest: () => void }).applyTest = () =>
              applyServerErrors(
                f,
                {
                  responseData: {
                    errors: [
                      { field: "username", errorMessage: "${usernameTaken}", params: ["bob"] },
                      { field: "email", errorMessage: "emailBad" },
                    ],
                  },
                },
                t,
              );
          }}
        >
          <TextControl name="username" label="Username" />
          <TextControl name="email" label="Email" />
        </TestForm>
      );
    }
    const { root } = await mountUi(<Harness />);
    await waitFor(() => form, "the form");
    (window as unknown as { applyTest: () => void }).applyTest();
    await waitFor(() => root.querySelector("#kc-field-username-helper"), "the username error");
    expect(root.querySelector("#kc-field-username-helper")!.textContent).to.include("The name bob is taken");
    expect(root.querySelector("#kc-field-email-helper")!.textContent).to.include("Not an email");
    expect(form!.getFieldState("username").error?.type).to.equal("server");
    expect(form!.getFieldState("email").error?.type).to.equal("server");
  });

  it("single-field server error shape lands too", async () => {
    let form: UseFormReturn<{ email: string }> | undefined;
    const { root } = await mountUi(
      <TestForm<{ email: string }> expose={(f) => (form = f)}>
        <TextControl name="email" label="Email" />
      </TestForm>,
    );
    await waitFor(() => form, "the form");
    applyServerErrors(
      form!,
      { field: "email", errorMessage: "Email exists" },
      ((key: string, options?: { defaultValue?: string }) => options?.defaultValue ?? key) as never,
    );
    await waitFor(
      () => root.querySelector("#kc-field-email-helper")?.textContent?.includes("Email exists"),
      "the error text",
    );
  });

  it("keeps what was typed when the values come again, and takes the new values of untouched fields", async () => {
    interface Contact {
      name: string;
      description: string;
    }
    function ValuesForm({ initial }: { initial: Contact }) {
      const form = useValuesForm<Contact>(initial);
      return (
        <FormProvider {...form}>
          <TextControl name="name" label="Name" />
          <TextControl name="description" label="Description" />
        </FormProvider>
      );
    }
    const stage = await mountUi(<ValuesForm initial={{ name: "first", description: "" }} />);
    const field = (id: string) => stage.root.querySelector<HTMLInputElement>(`#kc-field-${id}`)!;
    await waitFor(() => field("name")?.value === "first", "the first values");
    await realClick(field("description"));
    await sendKeys({ type: "typed before the answer" });
    await stage.render(<ValuesForm initial={{ name: "second", description: "from the server" }} />);
    await waitFor(() => field("name").value === "second", "the untouched field to take the new value");
    expect(field("description").value).to.equal("typed before the answer");
  });
});
