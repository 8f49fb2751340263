import { Children, useRef, useState } from "react";

const KEY_STEPS = { ArrowRight: 1, ArrowLeft: -1 };

/** ARIA tabs: exactly one active tab, roving tabindex, Left/Right/Home/End; inactive panels stay in the DOM, hidden.
 * Right to left (an Arabic page) the tabs run from the right, so the arrows swap: the key still points at the
 * tab it reaches. */
export function TabGroup({ groupId, labels, ariaLabel, defaultIndex = 0, className, listClassName, tabClassName, panelClassName, children }) {
  const [active, setActive] = useState(defaultIndex);
  const tabs = useRef([]);
  const last = labels.length - 1;

  const select = (index) => {
    setActive(index);
    tabs.current[index]?.focus();
  };
  const onKeyDown = (event) => {
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const step = KEY_STEPS[event.key] === undefined ? undefined : KEY_STEPS[event.key] * (rtl ? -1 : 1);
    const target = step !== undefined ? (active + step + labels.length) % labels.length
      : event.key === "Home" ? 0 : event.key === "End" ? last : undefined;
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div id={groupId} className={className}>
      <div role="tablist" aria-label={ariaLabel} onKeyDown={onKeyDown} className={listClassName}>
        {labels.map((label, index) => (
          <button
            key={label}
            ref={(element) => { tabs.current[index] = element; }}
            type="button"
            role="tab"
            id={`${groupId}-tab-${index}`}
            aria-controls={`${groupId}-panel-${index}`}
            aria-selected={index === active}
            tabIndex={index === active ? 0 : -1}
            onClick={() => setActive(index)}
            className={tabClassName}
          >
            {label}
          </button>
        ))}
      </div>
      {Children.toArray(children).map((panel, index) => (
        <div
          key={index}
          role="tabpanel"
          id={`${groupId}-panel-${index}`}
          aria-labelledby={`${groupId}-tab-${index}`}
          hidden={index !== active}
          tabIndex={0}
          className={panelClassName}
        >
          {panel}
        </div>
      ))}
    </div>
  );
}
