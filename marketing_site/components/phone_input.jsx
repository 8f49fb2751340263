import { lazy, Suspense, useEffect, useRef, useState } from "react";
import "react-phone-number-input/style.css";

/**
 * The library (code, metadata and its bundled SVG flags) is fetched only once the field is about
 * to be seen. Bundled flags, not emoji: Windows shows flag emoji as bare letters, and the
 * library's default would fetch flag images from a CDN.
 */
// Country names in the page's language: `labelsUrl` (<prefix>/phone-countries.json, written at
// build time from CLDR and the catalogue by phone_labels.py); none keeps the library's English.
const loaded = new Map();
function phoneInputFor(labelsUrl) {
  if (!loaded.has(labelsUrl)) {
    // Unreadable names (offline) leave the field working, in English.
    const labels = () => (labelsUrl ? fetch(labelsUrl).then((response) => response.json()).catch(() => null) : null);
    loaded.set(labelsUrl, lazy(() =>
      Promise.all([import("react-phone-number-input"), import("react-phone-number-input/flags"), labels()]).then(
        ([library, flags, names]) => ({ default: (props) => <library.default flags={flags.default} {...(names ? { labels: names } : {})} {...props} /> }),
      )));
  }
  return loaded.get(labelsUrl);
}

/** True once `ref` comes within `margin` of the viewport (a closed <dialog> never does until opened). */
function useNearViewport(ref, margin) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !ref.current) return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}

/** Same box as the loaded field (flag slot, arrow, an empty text line), so swapping it in shifts nothing. */
function Placeholder({ className }) {
  return (
    <div className={`PhoneInput ${className}`} aria-hidden="true">
      <div className="PhoneInputCountry">
        <div className="PhoneInputCountryIcon PhoneInputCountryIcon--border" />
        <div className="PhoneInputCountrySelectArrow" />
      </div>
      <span className="PhoneInputInput h-6" />
    </div>
  );
}

/**
 * International phone field posting E.164 through a hidden input named `name`; the visible
 * library component is lazy, behind a same-size placeholder, so pages paint without it.
 */
export function PhoneNumberField({ name, defaultCountry, inputClassName, labelsUrl, ...inputProps }) {
  const PhoneInput = phoneInputFor(labelsUrl ?? "");
  const [value, setValue] = useState();
  const slot = useRef(null);
  const near = useNearViewport(slot, "200px");
  const className = `min-w-0 flex-1 ${inputClassName ?? ""}`;
  const placeholder = <Placeholder className={className} />;
  return (
    // Phone numbers read left to right in every language (dialling order), on Arabic pages too.
    <div ref={slot} dir="ltr" className="flex min-w-0 flex-1">
      {near ? (
        <Suspense fallback={placeholder}>
          <PhoneInput
            {...inputProps}
            className={className}
            international
            countryCallingCodeEditable={false}
            defaultCountry={defaultCountry}
            value={value}
            onChange={setValue}
          />
        </Suspense>
      ) : placeholder}
      <input type="hidden" name={name} value={value ?? ""} />
    </div>
  );
}
