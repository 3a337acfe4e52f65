import { createApp } from "@menu/api";
import { handle } from "hono/aws-lambda";
import { configureCloud } from "./cloud";

configureCloud();

/** API Gateway (HTTP API, payload v2) → the Hono app. */
export const handler = handle(createApp());
