// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Dialog } from "../../../src/admin/Dialog.tsx";

beforeAll(() => {
  // As browsers do: showModal opens, close() shuts and fires "close" a task later (jsdom does neither).
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    setTimeout(() => this.dispatchEvent(new Event("close")));
  };
});
afterEach(cleanup);

const tick = () => new Promise((done) => setTimeout(done, 5));

describe("the editor's dialog", () => {
  it("stays open under StrictMode, whose second mount follows a close() whose event comes after it", async () => {
    const onClose = vi.fn();
    render(
      <StrictMode>
        <Dialog title="New page" onClose={onClose}>
          <p>Kind of page</p>
        </Dialog>
      </StrictMode>,
    );
    await tick();
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole("dialog", { hidden: true }) as HTMLDialogElement).open).toBe(true);
  });

  it("tells its owner once when the browser closes it (Escape, or a form's method=dialog)", async () => {
    const onClose = vi.fn();
    render(
      <Dialog title="Publish" onClose={onClose}>
        <p>Publish the site</p>
      </Dialog>,
    );
    (screen.getByRole("dialog", { hidden: true }) as HTMLDialogElement).close();
    await tick();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
