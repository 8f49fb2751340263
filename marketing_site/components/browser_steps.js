// What the lead forms and modals need from the browser that no Reflex event names: a native <dialog>'s
// modal methods, a video's start, the focus after an answer, the phone field's countries, and facts
// only the browser knows. Plain functions (no React), called by event chains built in browser_steps.py.

/** Only showModal() gives a <dialog> the top layer, the inert page behind it and Escape. */
export function showModal(id, start = "") {
  const dialog = document.getElementById(id);
  if (!dialog.open) dialog.showModal();
  if (start) dialog.querySelector(start)?.focus();
}

export const closeModal = (id) => document.getElementById(id)?.close();
export const focusById = (id) => document.getElementById(id)?.focus();

/** A video's first frame: play with sound where the browser allows it, else muted (no attribute says that). */
export const playOrMute = ({ target: video }) =>
  video.play()?.catch(() => { video.muted = true; return video.play(); }).catch(() => {});

/** After an answer with field errors: the first invalid field, scrolled to the middle and focused. */
export function focusFirstInvalid(formId) {
  const field = document.getElementById(formId)?.querySelector('[aria-invalid="true"]');
  field?.scrollIntoView({ block: "center", behavior: "instant" });
  field?.focus({ preventScroll: true });
}

/** The phone field's countries in the page's language (phone-countries.json, fetched as the field shows) and the
 * country the browser tells: its time zone's, else its languages' region; without them the field keeps its default. */
export const loadPhoneCountries = (url, done) =>
  fetch(url).then((answer) => answer.json()).then(({ regions, zones }) => {
    const flag = (region) => String.fromCodePoint(...[...region].map((letter) => 0x1f1a5 + letter.charCodeAt(0)));
    const faces = Object.fromEntries(regions.map(([region, , code]) => [region, `${flag(region)} +${code}`]));
    const regionOf = (tag) => { try { return new Intl.Locale(tag).region; } catch { return undefined; } };
    const told = [zones[browserInfo().timeZone], ...(navigator.languages || []).map(regionOf)].find((region) => faces[region]);
    done({ options: regions.map(([region, name, code]) => [region, `${name} +${code}`]), faces, region: told || "" });
  }).catch(() => {});

/** When a form starts: the referrer, the product last chosen (spec section 3) or the page's own, the visitor's
 * time zone (the slot picker's; storage may be blocked and zone data missing) and the seconds the page has shown. */
export function browserInfo(fallbackProduct = "") {
  let product = "", timeZone = "";
  try { product = localStorage.getItem("product-name") || ""; } catch {}
  try { timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch {}
  return { referrer: document.referrer || "", product: product || fallbackProduct, timeZone, shownSeconds: performance.now() / 1000 };
}

/** A form typed in before the page's scripts ran (a slow phone) had no focus event to start it: `start` it as it
 * mounts (what it types: a box or a select holds a default). A file chosen then is `choose`n as if dropped now. */
export const startIfFilled = (formId, start) => [...(document.getElementById(formId)?.querySelectorAll(
  "input:not([type=hidden],[type=checkbox],[type=radio],[type=submit]),textarea") || [])].some((field) => field.value && !field.closest("[inert]")) && start();
export const chooseEarlyFile = (inputId, choose) => { const { files } = document.getElementById(inputId) || {}; if (files?.length) choose([...files]); };
