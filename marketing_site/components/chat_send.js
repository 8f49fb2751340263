/** Click-to-chat address; the message is percent-encoded so '#', '&' and emoji survive intact. */
export function chatUrl(base, phoneDigits, text) {
  return `${base}${phoneDigits}?text=${encodeURIComponent(text)}`;
}

/** Open the chat app in a new window, or alert and send nothing when no number is configured. */
export function sendChatMessage({ base, phoneDigits, text, invalidPhoneMessage }) {
  if (!phoneDigits) {
    window.alert(invalidPhoneMessage);
    return false;
  }
  window.open(chatUrl(base, phoneDigits, text), "_blank", "noopener");
  return true;
}
