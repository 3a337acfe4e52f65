import { createApp } from "@menu/api";
import { handle } from "hono/aws-lambda";
import { configureCloud } from "./cloud";

configureCloud();

/** API Gateway (HTTP API, payload v2) → the Hono app; only CloudFront's requests carry ORIGIN_SECRET (stacks/Web.ts). */
export const handler = handle(createApp({ originSecret: process.env.ORIGIN_SECRET }));
