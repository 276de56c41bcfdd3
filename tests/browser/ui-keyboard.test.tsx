import { expect } from "chai";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import { useState } from "react";
import { ConfirmDialog, DownloadDialog } from "../../src/core/ui/dialogs/index.ts";
import { deepActiveElement, removeTestContainers, waitFor } from "./elements-helpers.ts";
import { byText, catchDownloads, mountUi, sleep } from "./ui-kit-harness.tsx";

const outcome: string[] = [];

function ConfirmStage() {
  const [isOpen, setOpen] = useState(false);
  const close = (what: string) => {
    outcome.push(what);
    setOpen(false);
  };
  return (
    <>
      <button type="button" className="opener" onClick={() => setOpen(true)}>
        Remove member
      </button>
      <ConfirmDialog
        isOpen={isOpen}
        title="Remove alice from staff?"
        confirmLabel="Remove"
        onConfirm={() => close("confirm")}
        onCancel={() => close("cancel")}
      >
        She loses the group's roles.
      </ConfirmDialog>
    </>
  );
}

function DownloadStage() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="opener" onClick={() => setOpen(true)}>
        Export
      </button>
      <DownloadDialog
        isOpen={isOpen}
        filename="staff.json"
        content={{ name: "staff" }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Presses Tab until `target` has focus (at most `limit` times). */
async function tabTo(target: () => Element | null | undefined, what: string, limit = 10) {
  for (let step = 0; step < limit && deepActiveElement() !== target(); step++) await sendKeys({ press: "Tab" });
  expect(deepActiveElement() === target(), `focus on ${what}`).to.equal(true);
}

const dialog = (root: ShadowRoot) => root.querySelector<HTMLElement>('[role="dialog"]');

/** Opens the stage's dialog from its opener with Enter and waits for focus inside it. */
async function openWithEnter(root: ShadowRoot) {
  const opener = root.querySelector<HTMLButtonElement>("button.opener")!;
  await tabTo(() => opener, "the opener");
  await sendKeys({ press: "Enter" });
  const modal = await waitFor(() => dialog(root), "the dialog");
  await waitFor(() => modal.contains(deepActiveElement()), "focus inside the dialog");
  await sleep(50);
  return { opener, modal };
}

describe("dialogs with the keyboard alone", () => {
  beforeEach(() => {
    outcome.length = 0;
  });
  afterEach(async () => {
    removeTestContainers();
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("confirm dialog: Escape cancels, Space on the confirm button confirms, focus goes back to the opener each time", async () => {
    const { root } = await mountUi(<ConfirmStage />);
    const first = await openWithEnter(root);
    expect(first.modal.textContent).to.include("Remove alice from staff?");
    await sendKeys({ press: "Escape" });
    await waitFor(() => !dialog(root), "Escape to close");
    expect(outcome).to.deep.equal(["cancel"]);
    await waitFor(() => deepActiveElement() === first.opener, "focus back on the opener after Escape");

    const second = await openWithEnter(root);
    await tabTo(() => second.modal.querySelector('[data-testid="confirm"]'), "the Remove button");
    await sendKeys({ press: "Space" });
    await waitFor(() => !dialog(root), "the dialog to close");
    expect(outcome).to.deep.equal(["cancel", "confirm"]);
    await waitFor(() => deepActiveElement() === second.opener, "focus back on the opener after confirming");
  });

  it("confirm dialog: Tab stays inside the open dialog", async () => {
    const { root } = await mountUi(<ConfirmStage />);
    const { modal } = await openWithEnter(root);
    for (let step = 0; step < 6; step++) {
      await sendKeys({ press: "Tab" });
      expect(modal.contains(deepActiveElement()), `focus inside after Tab ${step + 1}`).to.equal(true);
    }
    await sendKeys({ press: "Escape" });
    await waitFor(() => !dialog(root), "Escape to close");
  });

  it("download dialog: Enter on Download saves the file, Escape closes; focus goes back to the opener", async () => {
    const caught = catchDownloads();
    try {
      const { root } = await mountUi(<DownloadStage />);
      const first = await openWithEnter(root);
      await tabTo(() => byText(first.modal, "button", "Download"), "the Download button");
      await sendKeys({ press: "Enter" });
      await waitFor(() => caught.downloads.length === 1, "the download");
      expect(caught.downloads[0].filename).to.equal("staff.json");
      expect(JSON.parse(await (await caught.downloads[0].file).text())).to.deep.equal({ name: "staff" });
      await waitFor(() => !dialog(root), "the dialog to close");
      await waitFor(() => deepActiveElement() === first.opener, "focus back on the opener after downloading");

      await openWithEnter(root);
      await sendKeys({ press: "Escape" });
      await waitFor(() => !dialog(root), "Escape to close");
      expect(caught.downloads.length, "Escape downloads nothing").to.equal(1);
      await waitFor(() => deepActiveElement() === first.opener, "focus back on the opener after Escape");
    } finally {
      caught.stop();
    }
  });
});
