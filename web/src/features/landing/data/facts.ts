/** Product facts quoted on the landing page (PRODUCT.md "Plans and subscriptions"). */
export const TRIAL_DAYS = 14;
export const PREPARATION_DAYS = 3;
