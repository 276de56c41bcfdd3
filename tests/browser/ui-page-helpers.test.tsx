import { expect } from "chai";
import { sendMouse } from "@web/test-runner-commands";
import { useState } from "react";
import { DownloadDialog } from "../../src/core/ui/dialogs/index.ts";
import { JUMP_LINK_OFFSET, JumpLinksNav, RoutableTabs } from "../../src/core/ui/page/index.ts";
import { ChipGroupList, DataTable } from "../../src/core/ui/table/index.ts";
import { realClick, removeTestContainers, waitFor } from "./elements-helpers.ts";
import { byText, catchDownloads, mountUi, sleep } from "./ui-kit-harness.tsx";

const client = { clientId: "portal", enabled: true, redirectUris: ["https://portal.example/*"] };

function DownloadStage() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Export
      </button>
      <DownloadDialog isOpen={isOpen} filename="portal.json" content={client} onClose={() => setOpen(false)} />
    </>
  );
}

const SECTIONS = [
  { id: "general", title: "General settings" },
  { id: "access", title: "Access settings" },
  { id: "capability", title: "Capability config" },
  { id: "login", title: "Login settings" },
];

function LongForm() {
  return (
    <div style={{ display: "flex", gap: "16px" }}>
      <div style={{ width: "200px" }}>
        <JumpLinksNav sections={SECTIONS} />
      </div>
      <div className="scroller" style={{ height: "300px", overflowY: "auto", flex: 1 }}>
        {SECTIONS.map((section) => (
          <section key={section.id} id={section.id} style={{ height: "400px" }}>
            <h2>{section.title}</h2>
          </section>
        ))}
      </div>
    </div>
  );
}

/** Waits until a (smooth) scroll has stopped. */
async function scrollSettled(container: HTMLElement) {
  let previous = -1;
  let still = 0;
  await waitFor(() => {
    still = container.scrollTop === previous ? still + 1 : 0;
    previous = container.scrollTop;
    return still >= 5;
  }, "the scroll to stop");
}

interface Member {
  id: string;
  username: string;
  groups: string[];
}

const MEMBERS: Member[] = [
  { id: "m1", username: "alice", groups: ["/sales", "/support", "/admins", "/berlin", "/paris"] },
  { id: "m2", username: "bob", groups: ["/sales", "/support", "/admins"] },
];

describe("download dialog, jump links and table chips", () => {
  afterEach(async () => {
    removeTestContainers();
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("download dialog: shows the JSON and downloads it as the named file", async () => {
    const caught = catchDownloads();
    try {
      const { root } = await mountUi(<DownloadStage />);
      await realClick(byText(root, "button", "Export")!);
      const modal = await waitFor(() => root.querySelector<HTMLElement>('[role="dialog"]'), "the download dialog");
      expect(modal.textContent).to.include("Download portal.json");
      const code = modal.querySelector("code, pre")!;
      expect(JSON.parse(code.textContent!)).to.deep.equal(client);
      expect(code.textContent).to.include('\n  "clientId": "portal"');
      await realClick(byText(modal, "button", "Download")!);
      await waitFor(() => caught.downloads.length === 1, "a download");
      await waitFor(() => !root.querySelector('[role="dialog"]'), "the dialog to close");
      expect(caught.downloads[0].filename).to.equal("portal.json");
      const file = await caught.downloads[0].file;
      expect(file.type).to.equal("application/json");
      expect(JSON.parse(await file.text())).to.deep.equal(client);
    } finally {
      caught.stop();
    }
  });

  it("download dialog: cancel closes it without downloading", async () => {
    const caught = catchDownloads();
    try {
      const { root } = await mountUi(<DownloadStage />);
      await realClick(byText(root, "button", "Export")!);
      const modal = await waitFor(() => root.querySelector<HTMLElement>('[role="dialog"]'), "the download dialog");
      await realClick(byText(modal, "button", "Cancel")!);
      await waitFor(() => !root.querySelector('[role="dialog"]'), "the dialog to close");
      await sleep(100);
      expect(caught.downloads.length).to.equal(0);
    } finally {
      caught.stop();
    }
  });

  it("jump links: a link scrolls its section to 100 px below the top of the scroll container and marks it current", async () => {
    expect(JUMP_LINK_OFFSET).to.equal(100);
    const { root } = await mountUi(<LongForm />);
    const scroller = root.querySelector<HTMLElement>(".scroller")!;
    const link = (title: string) => byText<HTMLAnchorElement>(root, ".pf-v6-c-jump-links__link", title)!;
    const current = () => root.querySelector(".pf-v6-c-jump-links__item.pf-m-current")?.textContent;
    const offsetOf = (id: string) =>
      root.getElementById(id)!.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    const pageScroll = window.scrollY;
    expect(current()).to.equal("General settings");
    await realClick(link("Capability config"));
    await scrollSettled(scroller);
    expect(Math.round(offsetOf("capability"))).to.equal(100);
    expect(scroller.scrollTop).to.equal(700);
    expect(current()).to.equal("Capability config");
    await realClick(link("Access settings"));
    await scrollSettled(scroller);
    expect(Math.round(offsetOf("access"))).to.equal(100);
    expect(current()).to.equal("Access settings");
    expect(window.scrollY, "the page itself stays put").to.equal(pageScroll);
    expect(location.hash, "no jump through the address").to.not.include("access");
  });

  it("routable tabs with spaced content: the tab's content starts below the tab bar with room between", async () => {
    const tabs = (hasSpacedContent: boolean) => (
      <RoutableTabs
        aria-label="Client"
        hasSpacedContent={hasSpacedContent}
        tabs={[
          { key: "settings", title: "Settings", content: <p className="tab-text">Settings tab</p> },
          { key: "keys", title: "Keys", content: <p>Keys tab</p> },
        ]}
      />
    );
    const gapBelowTabBar = async (hasSpacedContent: boolean) => {
      const { root } = await mountUi(tabs(hasSpacedContent));
      const text = await waitFor(() => root.querySelector(".tab-text"), "the tab content");
      const gap =
        text.getBoundingClientRect().top - root.querySelector(".pf-v6-c-tabs")!.getBoundingClientRect().bottom;
      removeTestContainers();
      return gap;
    };
    expect(await gapBelowTabBar(false)).to.be.below(4);
    expect(await gapBelowTabBar(true)).to.be.at.least(16);
  });

  it("table chips: three chips, then '+N more' that expands to all and collapses again", async () => {
    const { root } = await mountUi(
      <DataTable<Member>
        ariaLabel="Members"
        loader={async (first, max) => MEMBERS.slice(first, first + max)}
        rowKey={(member) => member.id}
        columns={[
          { name: "username", title: "Username" },
          {
            name: "groups",
            title: "Groups",
            cell: (member) => <ChipGroupList values={member.groups} aria-label={`Groups of ${member.username}`} />,
          },
        ]}
      />,
    );
    const row = (key: string) => root.querySelector<HTMLElement>(`tbody tr[data-row-key="${key}"]`)!;
    await waitFor(() => row("m1") && row("m2"), "both rows");
    const chips = (key: string) =>
      [...row(key).querySelectorAll(".pf-v6-c-label:not(.pf-m-overflow) .pf-v6-c-label__text")].map(
        (chip) => chip.textContent,
      );
    const overflow = (key: string) => row(key).querySelector<HTMLElement>(".pf-v6-c-label.pf-m-overflow");
    expect(chips("m1")).to.deep.equal(["/sales", "/support", "/admins"]);
    expect(overflow("m1")!.textContent!.trim()).to.equal("2 more");
    expect(chips("m2")).to.deep.equal(["/sales", "/support", "/admins"]);
    expect(overflow("m2") === null, "no overflow chip for exactly three").to.equal(true);
    await realClick(overflow("m1")!);
    await waitFor(() => chips("m1").length === 5, "all five chips");
    expect(chips("m1")).to.deep.equal(MEMBERS[0].groups);
    expect(overflow("m1")!.textContent!.trim()).to.equal("Show less");
    await realClick(overflow("m1")!);
    await waitFor(() => chips("m1").length === 3, "three chips again");
    expect(overflow("m1")!.textContent!.trim()).to.equal("2 more");
  });
});
