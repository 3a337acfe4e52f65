import type { ReactNode } from "react";

/** A staff page's head: the title, an optional lead line, and the page's actions (children) beside them. */
export function PageHead({ title, lead, titleTestId, children }: { title: ReactNode; lead?: ReactNode; titleTestId?: string; children?: ReactNode }) {
  return (
    <div className="page-head">
      <div>
        <h1 className="page-head__title" data-testid={titleTestId}>
          {title}
        </h1>
        {lead ? <p className="page-head__lead">{lead}</p> : null}
      </div>
      {children}
    </div>
  );
}
