import { menuExportJob } from "@menu/core/export/worker";
import { configureCloud } from "../cloud";
import { sqsWorker } from "../sqs-worker";

configureCloud();

export const handler = sqsWorker("export", menuExportJob);
