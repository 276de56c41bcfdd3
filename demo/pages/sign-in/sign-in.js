/** The portal's sign-in form: posts the credentials to the portal's backend, then returns to `next`. */
const form = document.getElementById("sign-in-form");
const error = document.getElementById("sign-in-error");
const button = document.getElementById("sign-in");

/** Only a demo page of this site: never an address elsewhere. */
function nextAddress() {
  const next = new URLSearchParams(location.search).get("next") ?? "";
  return /^\/demo\/(?!\/)/.test(next) ? next : "/demo/portal/index.html";
}

function showError(message) {
  error.textContent = message;
  error.hidden = false;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const username = form.elements.username.value.trim();
  const password = form.elements.password.value;
  if (!username || !password) {
    showError("Enter your username and password.");
    (username ? form.elements.password : form.elements.username).focus();
    return;
  }
  button.disabled = true;
  try {
    const response = await fetch("/demo/api/portal-session", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ username, password }),
    });
    if (response.ok) {
      location.replace(nextAddress());
      return;
    }
    const body = await response.json().catch(() => ({}));
    showError(body.error_description ?? `Sign-in failed (${response.status}).`);
    form.elements.password.select();
  } catch {
    showError("The portal's backend cannot be reached.");
  } finally {
    button.disabled = false;
  }
});
