/** What only the browser knows when a lead form starts: the referrer and the product last chosen
 * (localStorage `product-name`, spec section 3), falling back to the page's own product. */
export function browserInfo(fallbackProduct = "") {
  let product = "";
  try {
    product = window.localStorage.getItem("product-name") || "";
  } catch {
    // Storage blocked (privacy mode): the fallback still names the page's product.
  }
  return { referrer: document.referrer || "", product: product || fallbackProduct };
}
