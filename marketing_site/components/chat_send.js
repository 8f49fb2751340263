/** The chat widget's Send (chat_widget.py): opens the chat app with the message percent-encoded ('#', '&', emoji
 * survive), or alerts and sends nothing with no number. A module of its own because the browser test imports it
 * to reach that no-number path, which a build with a number never shows. */
export function sendChatMessage({ base, phoneDigits, text, invalidPhoneMessage }) {
  if (!phoneDigits) {
    window.alert(invalidPhoneMessage);
    return false;
  }
  window.open(`${base}${phoneDigits}?text=${encodeURIComponent(text)}`, "_blank", "noopener");
  return true;
}
