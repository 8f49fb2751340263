import { useState } from "react";

/** Collapsed description with a toggle; the hidden rest stays in the DOM so prerendered HTML holds the full text. */
export function ReadMoreText({ textId, shown, rest, label, lessLabel, className, buttonClassName }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <div className={className}>
      <p id={textId}>
        {shown}
        {!expanded && <span aria-hidden="true">…</span>}
        <span hidden={!expanded}>{rest}</span>
      </p>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={textId}
        onClick={() => setExpanded((value) => !value)}
        className={buttonClassName}
      >
        {expanded ? lessLabel : label}
      </button>
    </div>
  );
}
