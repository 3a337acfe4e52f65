import type { MenuDraft } from "@menu/core/import/reading/draft";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { FormattedMessage } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import { errorMessageFor } from "@/lib/errors";
import { DraftCategory, ITEMS_PAGE, type CategoryView } from "./draft-category";
import { checkDraft, fieldId, firstProblem, type Problems } from "./draft-problems";
import { doubtfulItems, draftOf, draftState, reduceDraft, type DraftAction, type DraftState, type EditorItem } from "./draft-state";
import { ApplyProgress, type Applying } from "./plan-preview";
import "./draft-editor.css";

/** Categories open at first: until this many items show (at least one category), the rest collapsed. */
const OPEN_ITEMS = 60;

/** What confirming led to: written, or what the owner must fix first (`alert`: the whole file's reason, as text). */
export type ConfirmOutcome = { done: true } | { problems: Problems } | { alert: string };

type Props = {
  draft: MenuDraft;
  /** Writes the edited draft (preview, then apply); answers what is left to fix. */
  onConfirm: (draft: MenuDraft, keys: string[]) => Promise<ConfirmOutcome>;
  applying: Applying;
  onDiscard: () => void;
  /** The draft is new to the owner (not re-read with another column mapping): its heading takes the focus. */
  focusOnMount: boolean;
};

function initialViews(state: DraftState) {
  const views: Record<string, CategoryView> = {};
  let open = 0;
  for (const c of state.categories) {
    const n = state.items.filter((i) => i.category === c.key).length;
    views[c.key] = { expanded: open === 0 || open + n <= OPEN_ITEMS, shown: ITEMS_PAGE };
    if (views[c.key]!.expanded) open += n;
  }
  return views;
}

/**
 * The draft editor (issue 50): what the reader understood of an owner's own menu, by category,
 * every value editable in place, the doubtful ones marked in words with a way to jump to each.
 * Nothing is written until "Add to the menu"; then the page checks the fields by the item form's
 * rules, and the import's preview checks the rows, each problem shown at its item.
 */
export function DraftEditor({ draft, onConfirm, applying, onDiscard, focusOnMount }: Props) {
  const [state, dispatchDraft] = useReducer(reduceDraft, draft, draftState);
  const [views, setViews] = useState(() => initialViews(state));
  const [problems, setProblems] = useState<Problems>(new Map());
  const [alert, setAlert] = useState<string>();
  const focusNext = useRef<string>(undefined);
  const [doubtAt, setDoubtAt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  // The owner's next step is here: the heading takes the focus when the draft arrives.
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  // A field jumped to is focused once its category has rendered it.
  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = undefined;
    const element = document.getElementById(id);
    element?.focus();
    element?.scrollIntoView({ block: "center" });
  }, [views, problems]);

  // An edited item's problems are its owner's to check again at the next confirm.
  const dispatch = useCallback((action: DraftAction) => {
    dispatchDraft(action);
    setProblems((p) => (p.has(action.key) ? new Map([...p].filter(([key]) => key !== action.key)) : p));
  }, []);
  const onView = useCallback((key: string, view: CategoryView) => setViews((v) => ({ ...v, [key]: view })), []);

  const byCategory = useMemo(() => {
    const map = new Map<string, EditorItem[]>(state.categories.map((c) => [c.key, []]));
    for (const item of state.items) map.get(item.category)?.push(item);
    return map;
  }, [state]);
  const doubtful = useMemo(() => doubtfulItems(state), [state]);

  /** Opens the item's category far enough to show it, then focuses `id`. */
  const reveal = (item: EditorItem, id: string) => {
    const index = byCategory.get(item.category)!.indexOf(item);
    const view = views[item.category] ?? { expanded: false, shown: ITEMS_PAGE };
    focusNext.current = id;
    onView(item.category, { expanded: true, shown: Math.max(view.shown, Math.ceil((index + 1) / ITEMS_PAGE) * ITEMS_PAGE) });
  };
  const nextDoubt = () => {
    const item = doubtful[doubtAt % doubtful.length]!;
    const doubt = item.doubts[0]!;
    // A doubted price of an item without portions has no field: its title stands for it.
    reveal(item, fieldId(item.key, doubt === "heading" || !item.portions.length ? "title" : doubt));
    setDoubtAt((doubtAt + 1) % doubtful.length);
  };

  const confirm = async () => {
    setAlert(undefined);
    let found = checkDraft(state);
    if (!found.size) {
      const { draft: edited, keys } = draftOf(state, draft);
      const outcome = await onConfirm(edited, keys).catch((error: unknown) => ({ alert: errorMessageFor(error) }));
      if ("alert" in outcome) setAlert(outcome.alert);
      if (!("problems" in outcome)) return;
      found = outcome.problems;
    }
    setProblems(found);
    const first = firstProblem(state, found);
    if (first) reveal(first.item, first.id);
  };

  const problemCount = [...problems.values()].reduce((n, list) => n + list.length, 0);
  return (
    <div className="draft-editor" data-testid="draft-editor">
      <h3 ref={heading} tabIndex={-1} className="draft-editor__title" data-testid="draft-title-heading">
        <FormattedMessage id="import.draft.title" />
      </h3>
      <p className="draft-editor__lead" role="status" data-testid="draft-summary">
        <FormattedMessage id={`import.draft.read.${draft.source}`} values={{ items: state.items.length, categories: state.categories.length }} />{" "}
        <FormattedMessage id="import.draft.nothingYet" />
      </p>
      {draft.truncated ? (
        <FormAlert tone="info" testId="draft-truncated">
          <FormattedMessage id="import.draft.truncated" values={{ n: draft.items.length }} />
        </FormAlert>
      ) : null}
      {doubtful.length ? (
        <div className="draft-editor__doubts" data-testid="draft-doubt-count">
          <span aria-hidden="true">⚠</span>
          <FormattedMessage id="import.draft.doubtCount" values={{ n: doubtful.length }} />
          <button type="button" className="btn btn--sm btn--secondary" onClick={nextDoubt} data-testid="draft-next-doubt">
            <FormattedMessage id="import.draft.nextDoubt" />
          </button>
        </div>
      ) : null}
      {state.categories.length ? (
        state.categories.map((category) => (
          <DraftCategory key={category.key} category={category} items={byCategory.get(category.key)!} categories={state.categories} problems={problems} view={views[category.key] ?? { expanded: true, shown: ITEMS_PAGE }} onView={onView} dispatch={dispatch} />
        ))
      ) : (
        <p className="draft-editor__empty" data-testid="draft-empty">
          <FormattedMessage id="import.draft.empty" />
        </p>
      )}
      {problemCount ? (
        <FormAlert testId="draft-problems">
          <FormattedMessage id="import.draft.problems" values={{ n: problemCount }} />
        </FormAlert>
      ) : null}
      {alert ? <FormAlert testId="draft-alert">{alert}</FormAlert> : null}
      <div className="menu-import__apply">
        <button type="button" className="btn btn--primary" disabled={applying.pending || !state.items.length} aria-busy={applying.pending || undefined} onClick={() => void confirm()} data-testid="draft-confirm">
          {applying.pending ? <span className="spinner" aria-hidden="true" /> : null}
          <FormattedMessage id="import.draft.confirm" values={{ n: state.items.length }} />
        </button>
        <button type="button" className="btn btn--ghost" disabled={applying.pending} onClick={onDiscard} data-testid="draft-discard">
          <FormattedMessage id="import.draft.discard" />
        </button>
        <ApplyProgress progress={applying.progress} />
      </div>
    </div>
  );
}
