/**
 * Issue 34, point 6: after a deploy that changes the web build, the schedule republishes every
 * published store once, so the guest pages stop falling back to the SPA within a tick instead of at
 * the store's next edit. Run with the local runtime's parts: its build id source (web/dist's
 * builds/latest.json, here a folder the test rewrites as a deploy would), the object folder, the
 * in-process queue with the real publish job (its renderer's build standing for the guest build),
 * and the scheduled jobs as its timer runs them.
 */
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { clock, Db, setPorts, usePorts } from "@menu/core";
import { fsObjectStore } from "@menu/core/adapters/fs-object-store";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { JOB_HANDLERS } from "@menu/core/jobs";
import { republishForWebBuild, setWebBuildSource, webBuildPublished } from "@menu/core/publish/after-deploy";
import { setMenuRenderer } from "@menu/core/ports/menu-renderer";
import { requestPublish } from "@menu/core/publish/request";
import type { PublishedManifest } from "@menu/core/shared/published-menu";
import { runSchedules } from "@menu/core/schedules";
import { venue } from "../../core/test/fixtures";
import { localWebBuild } from "../src/web-build";

const queue = memoryQueue(JOB_HANDLERS, { delays: false });
let webDist: string;
let objectsRoot: string;
/** The guest build the publish job renders with: what a deploy changes together with web/dist. */
let guestBuild = "guest-1";

/** What `vite build` leaves in web/dist/builds/latest.json, and the renderer of the same build. */
async function deploy(webBuild: string, guest: string) {
  await writeFile(join(webDist, "builds/latest.json"), JSON.stringify({ id: webBuild }));
  guestBuild = guest;
}
async function manifestOf(v: { company: { url_key: string } }, store = "main") {
  const object = await usePorts().objects.get(`m/${v.company.url_key}/${store}/manifest.json`);
  return object && (JSON.parse(Buffer.from(object.body).toString("utf8")) as PublishedManifest);
}
async function publication(v: { company_id: string; store_id: string }) {
  return (await Db().entities.publication.get({ company_id: v.company_id, store_id: v.store_id }).go()).data;
}

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), "menu-web-dist-"));
  objectsRoot = await mkdtemp(join(tmpdir(), "menu-objects-"));
  await mkdir(join(webDist, "builds"));
  setPorts({ ...usePorts(), objects: fsObjectStore(objectsRoot), queue });
  setMenuRenderer({
    renderPage: ({ menu }: { menu: { store: { name: string } } }) => `<!doctype html><title>${menu.store.name}</title>`,
    qrPath: (text: string) => ({ size: 21, path: `M0 0h${text.length}` }),
    get build() {
      return guestBuild;
    },
  });
  setWebBuildSource(localWebBuild(webDist));
});

describe("republish after a deploy", () => {
  it("republishes every published store once per new web build, and leaves unpublished ones alone", async () => {
    await deploy("web-1", "guest-1");
    const [published, other, never] = await Promise.all([venue("republisha"), venue("republishb"), venue("republishc")]);
    for (const v of [published, other]) await requestPublish({ company_id: v.company_id, store_id: v.store_id });
    await queue.idle();
    // The first tick on this build: every published store once (the two here; others of this table's file too).
    await runSchedules(clock.now());
    await queue.idle();
    expect((await manifestOf(published))?.build).toBe("guest-1");
    const before = await publication(published);

    // A deploy with another guest build: the stores' pages name the former build until they are published again.
    await deploy("web-2", "guest-2");
    expect((await manifestOf(published))?.build).toBe("guest-1");
    await runSchedules(clock.now());
    await queue.idle();
    for (const v of [published, other]) expect((await manifestOf(v))?.build, v.company.url_key).toBe("guest-2");
    const after = await publication(published);
    expect(after!.published).toBe(before!.published! + 1);
    // A store never published is not published by a deploy.
    expect(await publication(never)).toBeNull();
    expect(await manifestOf(never)).toBeUndefined();

    // Later ticks on the same build ask for nothing more (one marker read).
    expect(await republishForWebBuild()).toBe(0);
    await runSchedules(clock.now());
    await queue.idle();
    expect((await publication(published))!.published).toBe(after!.published);
  });

  it("asks for nothing on a build a freshly seeded data folder was published with", async () => {
    await deploy("web-3", "guest-3");
    const v = await venue("republishd");
    await requestPublish({ company_id: v.company_id, store_id: v.store_id });
    await queue.idle();
    await webBuildPublished();
    const before = (await publication(v))!.published;
    expect(await republishForWebBuild()).toBe(0);
    await queue.idle();
    expect((await publication(v))!.published).toBe(before);
  });

  it("does nothing while no build id can be read (no web/dist build yet)", async () => {
    setWebBuildSource(localWebBuild(join(webDist, "missing")));
    expect(await republishForWebBuild()).toBe(0);
    setWebBuildSource(localWebBuild(webDist));
  });
});
