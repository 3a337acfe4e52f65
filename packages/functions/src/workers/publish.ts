import { isAbsolute, join } from "node:path";
import { publishJob } from "@menu/core/publish/job";
import { loadMenuRenderer } from "@menu/core/adapters/ssr-menu-renderer";
import { setMenuRenderer } from "@menu/core/ports/menu-renderer";
import type { SQSEvent } from "aws-lambda";
import { configureCloud } from "../cloud";
import { sqsWorker } from "../sqs-worker";

configureCloud();

/** The SSR build copied beside the bundle (stacks/Workers.ts copyFiles), loaded once per cold start. */
const entry = process.env.MENU_SSR_ENTRY ?? "web/dist-ssr/ssr.js";
let renderer: Promise<void> | undefined;
const ready = () =>
  (renderer ??= loadMenuRenderer(isAbsolute(entry) ? entry : join(process.env.LAMBDA_TASK_ROOT ?? process.cwd(), entry)).then(
    setMenuRenderer,
    (error: unknown) => {
      renderer = undefined;
      throw error;
    },
  ));

const worker = sqsWorker("publish", publishJob);

export const handler = async (event: SQSEvent) => {
  await ready();
  return worker(event);
};
