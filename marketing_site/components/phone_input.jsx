import { lazy, Suspense, useEffect, useRef, useState } from "react";
import "react-phone-number-input/style.css";

/** The library (code + metadata) is fetched only once the field is about to be seen. */
const PhoneInput = lazy(() => import("react-phone-number-input"));

/** Country flag as an emoji (two regional-indicator letters): no image bytes, no CDN. */
function EmojiFlag({ country }) {
  const flag = String.fromCodePoint(...[...country].map((letter) => 0x1f1a5 + letter.charCodeAt(0)));
  return <span aria-hidden="true" className="PhoneInputCountryIconImg flex items-center justify-center leading-none">{flag}</span>;
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
function Placeholder({ defaultCountry, className }) {
  return (
    <div className={`PhoneInput ${className}`} aria-hidden="true">
      <div className="PhoneInputCountry">
        <div className="PhoneInputCountryIcon PhoneInputCountryIcon--border">
          <EmojiFlag country={defaultCountry} />
        </div>
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
export function PhoneNumberField({ name, defaultCountry, inputClassName, ...inputProps }) {
  const [value, setValue] = useState();
  const slot = useRef(null);
  const near = useNearViewport(slot, "200px");
  const className = `min-w-0 flex-1 ${inputClassName ?? ""}`;
  const placeholder = <Placeholder defaultCountry={defaultCountry} className={className} />;
  return (
    <div ref={slot} className="flex min-w-0 flex-1">
      {near ? (
        <Suspense fallback={placeholder}>
          <PhoneInput
            {...inputProps}
            className={className}
            international
            countryCallingCodeEditable={false}
            defaultCountry={defaultCountry}
            flagComponent={EmojiFlag}
            value={value}
            onChange={setValue}
          />
        </Suspense>
      ) : placeholder}
      <input type="hidden" name={name} value={value ?? ""} />
    </div>
  );
}
