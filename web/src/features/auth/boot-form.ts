/**
 * The sign-in form that index.html shows on /login before the app's JavaScript has started
 * (web/boot/login-shell.ts). The app's sign-in page takes over what was typed there: the values,
 * which field had the focus (with the caret), and a submit pressed meanwhile. Other pages drop it.
 */

const ID = "boot-login";

export type BootSignIn = {
  email: string;
  password: string;
  remember: boolean;
  /** The visitor pressed "Sign in" (or Enter) before the app had started. */
  submitted: boolean;
  /** The field being typed in, and the caret or selection in it. */
  focus?: { name: string; start: number | null; end: number | null };
};

const shell = () => {
  const root = document.getElementById(ID);
  return root && !root.hidden ? root : undefined;
};

/** What the form of index.html holds now, or undefined when it is not shown. */
export function readBootSignIn(): BootSignIn | undefined {
  const form = shell()?.querySelector("form");
  if (!form) return undefined;
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && form.contains(active) ? active : undefined;
  return {
    email: input("email")?.value ?? "",
    password: input("password")?.value ?? "",
    remember: input("remember")?.checked ?? false,
    submitted: form.dataset.pending === "true",
    focus: focused
      ? { name: focused.name, start: focused.type === "checkbox" ? null : focused.selectionStart, end: focused.type === "checkbox" ? null : focused.selectionEnd }
      : undefined,
  };
}

/** Removes the form of index.html (the app shows its own page now). */
export function dropBootSignIn(): void {
  document.getElementById(ID)?.remove();
}
