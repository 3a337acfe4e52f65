import { FormattedMessage } from "react-intl";

/** How to sort without a mouse; the drag handles point here with aria-describedby. */
export function SortHelp() {
  return (
    <p id="ma-sort-help" className="ma-note ma-note--help">
      <FormattedMessage id="menuAdmin.sortHelp" />
    </p>
  );
}
