import { menuCopyJob } from "@menu/core/chains/menu-copy-worker";
import { configureCloud } from "../cloud";
import { sqsWorker } from "../sqs-worker";

configureCloud();

export const handler = sqsWorker("copy", menuCopyJob);
