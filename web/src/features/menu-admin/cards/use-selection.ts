import { useMemo, useState } from "react";

/** Which cards are selected; ids that left the list (deleted, moved) drop out by themselves. */
export function useSelection(present: string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const key = present.join();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the joined ids are the dependency
  const ids = useMemo(() => present.filter((id) => selected.has(id)), [key, selected]);
  return {
    ids,
    has: (id: string) => selected.has(id),
    toggle: (id: string, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    all: () => setSelected(new Set(present)),
    clear: () => setSelected(new Set()),
  };
}
