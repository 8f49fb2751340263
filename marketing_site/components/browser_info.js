/** What only the browser knows when a lead form starts: the referrer, the product last chosen
 * (localStorage `product-name`, spec section 3), falling back to the page's own product, and the
 * visitor's time zone (the demo slot picker shows free times in it). */
export function browserInfo(fallbackProduct = "") {
  let product = "";
  try {
    product = window.localStorage.getItem("product-name") || "";
  } catch {
    // Storage blocked (privacy mode): the fallback still names the page's product.
  }
  let timeZone = "";
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch {
    // A browser without time zone data: the picker starts in UTC and the visitor picks theirs.
  }
  return { referrer: document.referrer || "", product: product || fallbackProduct, timeZone };
}
