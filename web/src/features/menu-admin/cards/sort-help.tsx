import { FormattedMessage } from "react-intl";

/** How to sort without a mouse (or that sorting is off while a filter hides cards); the drag handles point here with aria-describedby. */
export function SortHelp({ off = false }: { off?: boolean }) {
  return (
    <p id="ma-sort-help" className="ma-note ma-note--help">
      <FormattedMessage id={off ? "translation.filter.sortOff" : "menuAdmin.sortHelp"} />
    </p>
  );
}
