export { createApp, type AppOptions, type AppType } from "./app";
