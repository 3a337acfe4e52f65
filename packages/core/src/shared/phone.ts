/** Phone numbers as staff type them (store phones, billing details). Pure: the SPA checks them too. */

export const INVALID_PHONE = "Invalid phone format";
export const PHONE_MAX = 32;

/** International or local numbers: digits with spaces, dashes, brackets and a leading "+"; 5–15 digits. */
export function isPhoneNumber(value: string) {
  if (!/^\+?[0-9][0-9 ()-]*[0-9]$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 5 && digits <= 15;
}
