/**
 * Issue 34, point 8: the region a stage deploys to is the one its env file says. SST reads the region
 * (sst.config.ts's `config`) before it loads `.env.<stage>`, so the config reads AWS_REGION from those
 * files itself (stacks/stage-env.ts), as `pnpm admin:create --stage` does.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import config from "../../sst.config";
import { projectRoot, readStageEnv, stageRegion } from "../stage-env";
import { root } from "./synth";

describe("stage env files", () => {
  it("reads .env, .env.local, .env.<stage> and .env.<stage>.local, later files winning, as SST loads them", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "stage-env-"));
    try {
      await writeFile(path.join(dir, ".env"), "AWS_REGION=us-west-2\nMAIL_FROM=a@example.com\n# a comment\n");
      await writeFile(path.join(dir, ".env.prod"), 'export AWS_REGION="eu-west-1"\nDOMAIN_NAME=menu.example.com # the site\n');
      await writeFile(path.join(dir, ".env.prod.local"), "SELLER_NAME='Seller Ltd'\n");
      expect(readStageEnv(dir, "prod")).toEqual({ AWS_REGION: "eu-west-1", MAIL_FROM: "a@example.com", DOMAIN_NAME: "menu.example.com", SELLER_NAME: "Seller Ltd" });
      expect(readStageEnv(dir, "staging")).toEqual({ AWS_REGION: "us-west-2", MAIL_FROM: "a@example.com" });
      // The stage's file wins over the shell (SST loads the files over the environment too); then the shell; then the default.
      expect(stageRegion(dir, "prod", { AWS_REGION: "ap-south-1" })).toBe("eu-west-1");
      await rm(path.join(dir, ".env"));
      expect(stageRegion(dir, "staging", { AWS_REGION: "ap-south-1" })).toBe("ap-south-1");
      expect(stageRegion(dir, "staging", {})).toBe("eu-central-1");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("gives SST the region of the stage's env file, unless --region says otherwise", async () => {
    const file = path.join(root, ".env.regioncheck");
    await writeFile(file, "AWS_REGION=eu-north-1\n");
    try {
      expect(projectRoot(path.join(root, "stacks"))).toBe(path.resolve(root));
      expect((await config.config({ stage: "regioncheck" } as never)).region).toBe("eu-north-1");
      expect((await config.config({ stage: "regioncheck", region: "eu-west-3" } as never)).region).toBe("eu-west-3");
    } finally {
      await rm(file);
    }
  });
});
