/**
 * Composition: registers every translatable content with the translation engine's registry
 * (translation/contents.ts). Each entry point that runs the engine calls it once at start, beside
 * its ports: the Lambdas (packages/functions/src/cloud.ts), the local runtime, the tests' setup.
 * The order is the order a store-wide sweep goes through them.
 */
import { categoryContent } from "./category/translatable";
import { itemContent } from "./item/translatable";
import { promotionContent } from "./promotion/translatable";
import { storeTextsContent } from "./settings/store-texts";
import { registerContent } from "./translation/contents";

export function registerTranslatableContents() {
  registerContent("Item", itemContent);
  registerContent("Category", categoryContent);
  registerContent("Promotion", promotionContent);
  registerContent("Store", storeTextsContent);
}
