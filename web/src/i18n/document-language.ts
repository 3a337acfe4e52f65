import { textDirection, type Language } from "./languages";

/** `<html lang dir>`: screen readers, hyphenation, fonts and `dir="rtl"` for Arabic. */
export function applyDocumentLanguage(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = textDirection(language);
}
