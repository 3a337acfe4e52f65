/** What an owner's own menu may be (issue 50), free of Node imports (the page checks before sending). */
/** A PDF, a Word file, a photo or pasted text, as sent: the route's body limit fits it in base64. */
export const MENU_DOCUMENT_MAX = 1024 * 1024;
/** Pages of a PDF (and photos of one upload). */
export const MENU_PAGES_MAX = 20;
/** Pixels of a photo before it is scaled down for reading (sharp refuses more without decoding it). */
export const PHOTO_PIXELS_MAX = 40_000_000;
/** Items a draft holds; the rest of a longer menu is left out (the draft says so). */
export const DRAFT_ITEMS_MAX = 1000;
