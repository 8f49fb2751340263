// Passkeys in the staff area: buttons with data-passkey="signin" (sign-in and second-factor pages) or
// data-passkey="register" (account page) run the WebAuthn ceremony against the server's JSON options.
// Served by the backend itself (script-src 'self'); no inline script, no third party.
"use strict";

const bytes = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const text = (buffer) =>
  btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function credentialJson(credential) {
  const response = {};
  for (const name of ["clientDataJSON", "attestationObject", "authenticatorData", "signature", "userHandle"]) {
    if (credential.response[name]) response[name] = text(credential.response[name]);
  }
  if (credential.response.getTransports) response.transports = credential.response.getTransports();
  return {
    id: credential.id,
    rawId: text(credential.rawId),
    type: credential.type,
    response,
    clientExtensionResults: credential.getClientExtensionResults(),
    authenticatorAttachment: credential.authenticatorAttachment,
  };
}

async function post(url, csrf, body) {
  const answer = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
    body: body === undefined ? "" : JSON.stringify(body),
  });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(data.error || `The server answered ${answer.status}`);
  return data;
}

async function signIn(button) {
  const options = await post(`/admin/passkey/options`, button.dataset.csrf);
  options.challenge = bytes(options.challenge);
  options.allowCredentials = (options.allowCredentials || []).map((item) => ({ ...item, id: bytes(item.id) }));
  const credential = await navigator.credentials.get({ publicKey: options });
  const next = encodeURIComponent(button.dataset.next || "/admin/");
  const done = await post(`/admin/passkey/signin?next=${next}`, button.dataset.csrf, credentialJson(credential));
  window.location.assign(done.next);
}

async function register(button) {
  const options = await post(`/admin/account/passkeys/options`, button.dataset.csrf);
  options.challenge = bytes(options.challenge);
  options.user.id = bytes(options.user.id);
  options.excludeCredentials = (options.excludeCredentials || []).map((item) => ({ ...item, id: bytes(item.id) }));
  const credential = await navigator.credentials.create({ publicKey: options });
  const name = document.querySelector("[data-passkey-name]")?.value || "";
  const done = await post(`/admin/account/passkeys`, button.dataset.csrf, { credential: credentialJson(credential), name });
  window.location.assign(done.next);
}

for (const button of document.querySelectorAll("[data-passkey]")) {
  const status = document.querySelector("[data-passkey-status]");
  if (!window.PublicKeyCredential) {
    button.disabled = true;
    status.textContent = "This browser cannot use passkeys.";
    continue;
  }
  button.addEventListener("click", async () => {
    status.textContent = "Waiting for your passkey…";
    try {
      await (button.dataset.passkey === "register" ? register(button) : signIn(button));
    } catch (error) {
      status.textContent = `Passkey not used: ${error.message}`;
    }
  });
}
