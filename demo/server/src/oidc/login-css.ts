export const LOGIN_CSS = `
body { margin: 0; padding: 2rem 0; box-sizing: border-box; min-height: 100vh; display: flex; align-items: center; justify-content: center; background: #f0f0f0; font-family: "Red Hat Text", "Helvetica Neue", Arial, sans-serif; color: #151515; }
.kc-card { background: #fff; padding: 2rem 2.5rem; width: min(26rem, 92vw); box-shadow: 0 4px 16px rgba(0, 0, 0, 0.12); border-radius: 8px; }
.kc-realm { margin: 0 0 0.5rem; font-size: 0.9rem; color: #6a6e73; text-transform: uppercase; letter-spacing: 0.05em; }
h1 { margin: 0 0 1.5rem; font-size: 1.5rem; font-weight: 500; }
label { display: block; margin: 1rem 0 0.25rem; font-weight: 600; font-size: 0.9rem; }
input[type="text"], input[type="password"], input[type="email"] { width: 100%; box-sizing: border-box; padding: 0.5rem; font-size: 1rem; border: 1px solid #8a8d90; border-radius: 3px; }
input[aria-invalid="true"] { border-color: #c9190b; }
.kc-error { display: block; margin-top: 1rem; padding: 0.5rem 0.75rem; color: #a30000; background: #fff4f4; border-left: 3px solid #c9190b; }
.kc-info { margin: 1rem 0; }
.kc-remember { display: flex; gap: 0.5rem; align-items: center; margin-top: 1rem; font-weight: 400; }
.kc-terms-title { font-weight: 600; margin: 1rem 0 0.25rem; }
input[type="submit"], button { margin-top: 1.5rem; width: 100%; padding: 0.6rem; font-size: 1rem; color: #fff; background: #0066cc; border: 0; border-radius: 3px; cursor: pointer; }
input[type="submit"]:hover, button:hover { background: #004080; }
a { color: #0066cc; }
.kc-account { margin: 0; }
.kc-account input[readonly] { color: #151515; background: #f0f0f0; }
a.kc-button { display: block; margin-top: 1.5rem; padding: 0.6rem; text-align: center; font-size: 1rem; color: #fff; background: #0066cc; border-radius: 3px; text-decoration: none; }
a.kc-button:hover { background: #004080; }
.kc-attempted-username { display: flex; justify-content: space-between; gap: 1rem; margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.kc-attempted-username a { font-weight: 400; }
.kc-required { color: #c9190b; }
#kc-registration, #kc-form-options { margin-top: 1.25rem; text-align: center; }
.kc-devices { margin: 0 0 0.5rem; padding: 0; border: 0; }
.kc-devices legend { font-weight: 600; font-size: 0.9rem; margin-bottom: 0.25rem; }
.kc-device { display: flex; gap: 0.5rem; align-items: center; margin: 0.25rem 0; font-weight: 400; }
.kc-steps { margin: 0 0 0.5rem; padding-left: 1.25rem; }
.kc-steps li { margin-bottom: 0.75rem; }
.kc-steps p { margin: 0 0 0.25rem; }
.kc-steps ul { margin: 0.25rem 0; padding-left: 1.25rem; }
.kc-steps ul li { margin-bottom: 0.1rem; }
.kc-qr { display: block; margin: 0.5rem 0; }
.kc-secret { font-family: "Red Hat Mono", "Liberation Mono", monospace; font-size: 1rem; letter-spacing: 0.05em; overflow-wrap: anywhere; }
.kc-buttons { display: flex; gap: 1rem; }
.kc-buttons input[type="submit"] { flex: 1; border: 1px solid #0066cc; }
input[type="submit"].kc-secondary { color: #0066cc; background: #fff; border: 1px solid #0066cc; }
.kc-warning { margin: 1rem 0; padding: 0.75rem 1rem; background: #fdf7e7; border-top: 2px solid #f0ab00; }
.kc-warning-title { margin: 0 0 0.5rem; font-size: 1rem; font-weight: 600; color: #795600; }
.kc-warning p { margin: 0; }
.kc-recovery-codes { margin: 1rem 0; padding: 1rem 1rem 1rem 2.75rem; font-family: "Red Hat Mono", "Liberation Mono", monospace; font-size: 1rem; border: 1px solid #d2d2d2; border-radius: 3px; }
.kc-recovery-codes-actions { display: flex; gap: 1rem; }
button.kc-link-button { width: auto; margin: 0; padding: 0.25rem 0; color: #0066cc; background: none; }
button.kc-link-button:hover { color: #004080; background: none; text-decoration: underline; }
input[type="submit"]:disabled { background: #d2d2d2; color: #6a6e73; cursor: not-allowed; }
input[type="submit"].kc-secondary:hover { color: #004080; background: #fff; border-color: #004080; }
.kc-select-auth-list { margin: 1.5rem 0 0; padding: 0; list-style: none; }
button.kc-select-authenticator { margin-top: 0.75rem; padding: 0.75rem 1rem; text-align: left; color: #151515; background: #fff; border: 1px solid #d2d2d2; }
button.kc-select-authenticator:hover, button.kc-select-authenticator:focus-visible { border-color: #0066cc; }
button.kc-select-authenticator strong { display: block; color: #0066cc; }
button.kc-select-authenticator span { display: block; margin-top: 0.25rem; font-size: 0.875rem; color: #6a6e73; }
#kc-select-try-another-way-form { margin-top: 1rem; }
#kc-oauth h2 { margin: 0 0 0.5rem; font-size: 1rem; font-weight: 600; }
`;
