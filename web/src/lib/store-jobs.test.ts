/**
 * Issue 46, point 4 without a browser: when a store's job ends, the setup checklist and the
 * overview's analytics are read again (on screen at once, off screen at their next showing), and a
 * translation run's end is seen in the query cache by whatever page polls the translation overview.
 * A real QueryClient with observers (as the pages' useQuery), fake answers.
 * Run by the root vitest config (project "web").
 */
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { menuKeys } from "./menu-keys";
import { afterStoreJob, storeJobKeys, translationsPending, watchStoreJobs } from "./store-jobs";

const clients: QueryClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.clear();
});

/** A client whose checklist of store `s1` is on screen (observed), answering how often it was read. */
async function onScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  clients.push(client);
  let reads = 0;
  const observer = new QueryObserver(client, { queryKey: storeJobKeys.checklist("s1"), queryFn: () => ++reads });
  const unsubscribe = observer.subscribe(() => undefined);
  await expect.poll(() => reads).toBe(1);
  return { client, reads: () => reads, unsubscribe };
}

const job = (status: string) => ({ target_type: "Item", target_id: "i1", language: "en", status, updated_at: "2026-11-28T00:00:00Z" });

describe("afterStoreJob", () => {
  it("reads the checklist on screen again, and marks the analytics of the store and of the company stale", async () => {
    const { client, reads } = await onScreen();
    const analytics = ["analytics", "s1", "7", "", ""] as const;
    const company = ["analytics", "company", "c1", "7", "", ""] as const;
    const other = ["analytics", "s2", "7", "", ""] as const;
    for (const key of [analytics, company, other]) client.setQueryData(key, { views: 1 });
    await afterStoreJob(client, "s1");
    expect(reads()).toBe(2);
    expect(client.getQueryState(analytics)?.isInvalidated).toBe(true);
    expect(client.getQueryState(company)?.isInvalidated).toBe(true);
    // Another store's figures stay as they were.
    expect(client.getQueryState(other)?.isInvalidated).toBe(false);
  });

  it("leaves another store's checklist alone", async () => {
    const { client, reads } = await onScreen();
    await afterStoreJob(client, "s2");
    expect(reads()).toBe(1);
  });
});

describe("watchStoreJobs", () => {
  it("sees a store's translation jobs end (queued or in progress, then none) and reads its checklist again", async () => {
    const { client, reads } = await onScreen();
    const stop = watchStoreJobs(client);
    const key = menuKeys.translations("s1");
    client.setQueryData(key, { jobs: [job("completed")] });
    await Promise.resolve();
    expect(reads()).toBe(1);
    client.setQueryData(key, { jobs: [job("queued"), job("completed")] });
    client.setQueryData(key, { jobs: [job("in_progress")] });
    await Promise.resolve();
    // Still running: nothing ended yet.
    expect(reads()).toBe(1);
    client.setQueryData(key, { jobs: [job("completed"), job("error")] });
    await expect.poll(reads).toBe(2);
    // Another store's run ending is not this checklist's business; a run already over ends nothing.
    client.setQueryData(menuKeys.translations("s2"), { jobs: [job("queued")] });
    client.setQueryData(menuKeys.translations("s2"), { jobs: [] });
    client.setQueryData(key, { jobs: [] });
    await Promise.resolve();
    expect(reads()).toBe(2);
    stop();
  });

  it("counts only queued and in-progress jobs as pending", () => {
    expect(translationsPending({ jobs: [job("queued")] })).toBe(true);
    expect(translationsPending({ jobs: [job("in_progress")] })).toBe(true);
    expect(translationsPending({ jobs: [job("completed"), job("error")] })).toBe(false);
    expect(translationsPending(undefined)).toBe(false);
  });
});
