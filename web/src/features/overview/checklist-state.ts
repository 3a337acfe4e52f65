/**
 * What the setup checklist shows of the server's answer while jobs run (issue 46, point 4): a step
 * whose work is queued is never shown done, whether the server says so (`pending`: a translation
 * count on its way, a menu copy under way) or this tab knows it (an import it is applying), and the
 * list is read again until no step waits, and for a while after, since a translation run's counts
 * come one after another.
 */

/** While a step's work is queued, the checklist is read again this often. */
export const CHECKLIST_POLL_MS = 3000;
/** …and for this long after the last answer with work queued (the gaps between a translation run's counts). */
export const CHECKLIST_GRACE_MS = 30_000;
/** The steps an import changes: the menu and the texts it queues for translation. */
const IMPORT_STEPS: readonly string[] = ["menu", "translations"];

type StepLike = { id: string; done: boolean; pending?: boolean };
type ChecklistLike = { steps: readonly StepLike[] } | undefined;

export const anyPending = (data: ChecklistLike) => !!data?.steps.some((s) => s.pending);

/** How soon the checklist is read again: every CHECKLIST_POLL_MS while a step waits or waited lately, else not. */
export function checklistPollMs(data: ChecklistLike, lastPendingAt: number | undefined, now: number): number | false {
  if (anyPending(data)) return CHECKLIST_POLL_MS;
  return lastPendingAt !== undefined && now - lastPendingAt < CHECKLIST_GRACE_MS ? CHECKLIST_POLL_MS : false;
}

/** The steps as the page shows them: pending ones (the server's, or an import of this tab's) not done. */
export function shownSteps<S extends StepLike>(steps: readonly S[], { importing }: { importing: boolean }): (S & { pending: boolean })[] {
  return steps.map((step) => {
    const pending = !!step.pending || (importing && IMPORT_STEPS.includes(step.id));
    return { ...step, pending, done: step.done && !pending };
  });
}
