import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";

/** SPEC section 9: after a finished step the page moves on by itself (5 s) — with a visible countdown. */
export function useRedirectAfter(seconds: number, href: string | undefined) {
  const navigate = useNavigate();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (!href) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        void navigate({ href });
      }
    }, 250);
    return () => clearInterval(timer);
  }, [href, navigate, seconds]);
  return left;
}
