import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { Icon, type IconName } from "@/components/icon";

export type CardAction = { icon: IconName; label: MessageId; onClick: () => void; danger?: boolean; testId: string };

/** The quick actions of a card in super-edit mode: icon buttons with labels for screen readers and tooltips. */
export function CardActions({ title, actions, disabled, children }: { title: string; actions: CardAction[]; disabled: boolean; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="ma-card__actions">
      {children}
      {actions.map((a) => {
        const label = intl.formatMessage({ id: a.label }, { title });
        return (
          <button
            key={a.testId}
            type="button"
            className={a.danger ? "icon-button icon-button--danger" : "icon-button"}
            aria-label={label}
            title={label}
            disabled={disabled}
            onClick={a.onClick}
            data-testid={a.testId}
          >
            <Icon name={a.icon} />
          </button>
        );
      })}
    </div>
  );
}

/** The drag handle: drag the card with the mouse, or focus it and use the arrow keys. */
export function DragHandle({ title, disabled, handleProps }: { title: string; disabled: boolean; handleProps: Record<string, unknown> }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: "menuAdmin.dragHandle" }, { title });
  return (
    <button type="button" className="ma-card__handle" aria-label={label} title={label} disabled={disabled} aria-describedby="ma-sort-help" {...handleProps}>
      <Icon name="drag" />
    </button>
  );
}
