/**
 * Issue 46, point 4: the menu-copy dialog shows the copy it started, else the store's copy under
 * way, keeps it once shown (the latest copy read again after it ended never empties the dialog),
 * and a refusal because of another copy shows that copy with a notice instead of an error.
 * Run by the root vitest config (project "web").
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-error";
import type { CopyJob } from "./api";
import { copyNotice, latestToShow, refusedCopy, shownAfterRefusal } from "./copy-state";

const copy = (id: string, status: CopyJob["status"], done = 0): CopyJob => ({
  id,
  source_store_id: "center",
  status,
  done,
  total: 165,
  created: 0,
  updated: 0,
  created_at: "2026-11-28T00:00:00.000Z",
});
const refusal = (body: unknown) => new ApiError(409, "A menu copy into this store is already under way", body);

describe("refusedCopy", () => {
  it("reads the copy under way a refusal carries", () => {
    const running = copy("a", "copying", 40);
    expect(refusedCopy(refusal({ code: "copyRunning", message: "…", details: { copy: running } }))).toEqual(running);
  });

  it("answers nothing for other refusals and for a refusal without a copy", () => {
    expect(refusedCopy(refusal({ code: "copyRunning", message: "…" }))).toBeUndefined();
    expect(refusedCopy(refusal({ code: "copyRunning", message: "…", details: { copy: { id: "a" } } }))).toBeUndefined();
    expect(refusedCopy(refusal({ code: "copyInvalid", message: "…", details: { copy: copy("a", "copying") } }))).toBeUndefined();
    expect(refusedCopy(new Error("offline"))).toBeUndefined();
  });
});

describe("latestToShow", () => {
  const open = { open: true, chosen: false, fetching: false };
  it("shows the store's copy under way when the dialog shows none, once the latest is read afresh", () => {
    expect(latestToShow(undefined, { ...open, data: copy("a", "copying") })).toEqual({ id: "a", own: false });
    expect(latestToShow(undefined, { ...open, data: copy("a", "planning") })).toEqual({ id: "a", own: false });
    // Still reading since the dialog opened, or closed: a cached answer may be from a copy long over.
    expect(latestToShow(undefined, { ...open, fetching: true, data: copy("a", "copying") })).toBeUndefined();
    expect(latestToShow(undefined, { ...open, open: false, data: copy("a", "copying") })).toBeUndefined();
    // A store chosen in the dialog plans its own copy (one under way then comes with the refusal).
    expect(latestToShow(undefined, { ...open, chosen: true, data: copy("a", "copying") })).toBeUndefined();
    expect(latestToShow(undefined, { ...open, data: copy("a", "done") })).toBeUndefined();
    expect(latestToShow(undefined, { ...open, data: null })).toBeUndefined();
  });

  it("keeps the copy shown when the latest, read again, has ended (the second tab never goes empty)", () => {
    expect(latestToShow({ id: "a", own: false }, { ...open, data: copy("a", "done") })).toBeUndefined();
    expect(latestToShow({ id: "mine", own: true }, { ...open, data: copy("b", "copying") })).toBeUndefined();
  });
});

describe("copyNotice", () => {
  it("says a copy under way that this dialog did not start is under way, with its progress below", () => {
    const shown = shownAfterRefusal(copy("a", "copying", 40), undefined);
    expect(shown).toEqual({ id: "a", own: false, replaced: false });
    expect(copyNotice(shown, copy("a", "copying", 40))).toBe("underWay");
    expect(copyNotice(shown, copy("a", "undoing"))).toBe("underWay");
    // Once it has ended, its summary speaks for itself.
    expect(copyNotice(shown, copy("a", "done"))).toBeUndefined();
    expect(copyNotice({ id: "a", own: true }, copy("a", "copying"))).toBeUndefined();
  });

  it("says a plan made elsewhere took over when confirming this one was refused for it", () => {
    const shown = shownAfterRefusal(copy("b", "ready"), { id: "a", own: true });
    expect(shown).toEqual({ id: "b", own: false, replaced: true });
    expect(copyNotice(shown, copy("b", "ready"))).toBe("replaced");
    expect(copyNotice(shown, copy("b", "copying"))).toBe("underWay");
    // The job shown is not yet the one the notice is about.
    expect(copyNotice(shown, copy("a", "ready"))).toBeUndefined();
  });
});
