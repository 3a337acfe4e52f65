import { urlNameFrom } from "@menu/core/shared/url-name-suggest";
import { useEffect, useState } from "react";
import type { useAvailability } from "./availability";

/**
 * A URL name that follows its name (issues 33 and 50), for registration and a new store alike: each
 * change of the name proposes `urlNameFrom(name)` until the owner edits the URL name (emptying it
 * resumes), and a taken name it followed is replaced by the free variant the availability check
 * offers (`-city`, `-2`…). `set` writes the URL name field.
 */
export function useUrlNameFollowing(set: (value: string) => void, status: ReturnType<typeof useAvailability>) {
  const [following, setFollowing] = useState(true);
  const suggestion = following && status.state === "taken" ? status.suggestion : undefined;
  useEffect(() => {
    if (suggestion) set(suggestion);
    // Only a new suggestion matters here; `set` writes the form's latest values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [suggestion]);
  return {
    following,
    /** The name changed: the URL name follows it, unless the owner made it their own. */
    nameChanged: (name: string) => {
      if (following) set(urlNameFrom(name));
    },
    /** The owner typed in the URL name: it stops following, until emptied. */
    urlChanged: (value: string) => setFollowing(value === ""),
  };
}
