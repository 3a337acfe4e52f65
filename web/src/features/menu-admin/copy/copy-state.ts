/**
 * Which copy the menu-copy dialog shows (issue 46, point 4): the one it started, else the store's
 * copy under way (started in another tab or by someone else), kept once shown, so the dialog never
 * falls back to an empty choice while that copy goes on or after it ended; a refusal because of
 * another copy brings that copy, which the dialog then shows with a notice instead of an error.
 */
import { isApiError } from "@/lib/api-error";
import { isRunning, type CopyJob } from "./api";

/** The copy shown: `own` when this dialog started or planned it; `replaced` when a plan made elsewhere took over this one's. */
export type Shown = { id: string; own: boolean; replaced?: boolean };

/** The copy a refusal (409 copyRunning) carries in `details.copy`: the store's latest copy. */
export function refusedCopy(error: unknown): CopyJob | undefined {
  if (!isApiError(error) || error.code !== "copyRunning") return undefined;
  const copy = (error.body as { details?: { copy?: Partial<CopyJob> } } | undefined)?.details?.copy;
  return copy && typeof copy.id === "string" && typeof copy.status === "string" && typeof copy.done === "number" && typeof copy.total === "number" ? (copy as CopyJob) : undefined;
}

/**
 * The store's latest copy to show, read afresh since the dialog opened: one under way when the
 * dialog shows none yet and no store was chosen in it (a choice plans its own copy; one under way
 * then comes with the refusal). Undefined: keep what is shown.
 */
export function latestToShow(
  shown: Shown | undefined,
  latest: { open: boolean; chosen: boolean; fetching: boolean; data: CopyJob | null | undefined },
): Shown | undefined {
  if (shown || latest.chosen || !latest.open || latest.fetching || !isRunning(latest.data)) return undefined;
  return { id: latest.data!.id, own: false };
}

/** What a refusal makes the dialog show: the copy it carries, planned elsewhere when it is not the one refused. */
export function shownAfterRefusal(refused: CopyJob, current: Shown | undefined): Shown {
  return { id: refused.id, own: false, replaced: !!current && current.id !== refused.id };
}

/** The notice above a copy this dialog did not start: one under way, or a plan made elsewhere since. */
export function copyNotice(shown: Shown | undefined, job: CopyJob | undefined): "underWay" | "replaced" | undefined {
  if (!shown || shown.own || !job || job.id !== shown.id) return undefined;
  if (job.status === "copying" || job.status === "undoing") return "underWay";
  if (shown.replaced && (job.status === "planning" || job.status === "ready")) return "replaced";
  return undefined;
}
