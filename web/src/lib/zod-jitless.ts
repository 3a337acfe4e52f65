/**
 * zod compiles object parsers with `new Function` where it may, and finds out by trying: under the
 * site's CSP (no eval) that try is refused and reported as a violation. Imported first by main.tsx,
 * since zod decides when a z.object() is created.
 */
import { z } from "zod";

z.config({ jitless: true });
