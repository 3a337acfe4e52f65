import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { CardActions, DragHandle, type CardAction } from "./card-actions";

/** What every card of the menu admin takes for the staff's controls (items and promotions). */
export type CardControls = {
  /** Super-edit: selection, drag handle and quick actions on the card. */
  editing: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  actions: CardAction[];
  busy: boolean;
  rowProps: Record<string, unknown>;
  handleProps: Record<string, unknown>;
};

type Props = CardControls & {
  id: string;
  /** The card's title: its checkbox, drag handle and actions are named by it. */
  title: string;
  /** Modifiers of `ma-card` (hidden, sold out, promotion…). */
  modifiers: (string | false)[];
  testId: string;
  /** More attributes of the card's element (a virtualised list's measurement, the item's id). */
  attributes?: Record<string, unknown>;
  children: ReactNode;
};

/** The frame of a menu admin card: its element, and in super-edit its checkbox, drag handle and actions around `children`. */
export function CardFrame({ id, title, modifiers, testId, attributes, editing, selected, onSelect, actions, busy, rowProps, handleProps, children }: Props) {
  const intl = useIntl();
  const classes = ["ma-card", ...modifiers.filter(Boolean).map((m) => `ma-card--${m}`), selected && "ma-card--selected"].filter(Boolean).join(" ");
  return (
    <li className={classes} data-testid={testId} data-card-id={id} tabIndex={-1} data-title={title} {...attributes} {...(editing ? rowProps : {})}>
      <div className="ma-card__main">
        {editing ? (
          <div className="ma-card__tools">
            <input
              type="checkbox"
              className="ma-card__check"
              checked={selected}
              onChange={(e) => onSelect(e.target.checked)}
              aria-label={intl.formatMessage({ id: "menuAdmin.select" }, { title })}
              data-testid="select-item"
            />
            <DragHandle title={title} disabled={busy} handleProps={handleProps} />
          </div>
        ) : null}
        {children}
      </div>
      {editing ? <CardActions title={title} actions={actions} disabled={busy} /> : null}
    </li>
  );
}
