import type { HttpClient } from "./http.ts";

/** reCAPTCHA v3 as it hangs on window once its script has loaded. */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

export interface CaptchaSettings {
  enabled: boolean;
  siteKey: string;
}

/** Site keys starting with this are the sandbox: no script, and the server's sandbox verifier passes. */
const sandboxSiteKey = "sandbox";

/**
 * The captcha in front of sign-up: a token from reCAPTCHA v3 (invisible, no puzzle to solve), checked
 * at POST {transit}/api/verify_google_captcha. With a sandbox site key no script is loaded.
 */
export function createCaptchaService(
  http: HttpClient,
  settings: () => CaptchaSettings | null,
  transit: () => string,
  browser: Window,
) {
  let loading: Promise<Grecaptcha> | null = null;
  const load = (siteKey: string): Promise<Grecaptcha> => {
    loading ??= new Promise<Grecaptcha>((resolve, reject) => {
      const script = browser.document.createElement("script");
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
      script.async = true;
      script.onload = () => {
        const found = (browser as Window & { grecaptcha?: Grecaptcha }).grecaptcha;
        if (found) found.ready(() => resolve(found));
        else reject(new Error("reCAPTCHA did not load"));
      };
      script.onerror = () => {
        loading = null;
        reject(new Error("reCAPTCHA did not load"));
      };
      browser.document.head.append(script);
    });
    return loading;
  };

  return {
    /** A checked token for `action`, or null when the deployment has no captcha. */
    async checkedToken(action: string): Promise<string | null> {
      const current = settings();
      if (!current?.enabled) return null;
      const token = current.siteKey.startsWith(sandboxSiteKey)
        ? `${sandboxSiteKey}-${action}-${browser.crypto.randomUUID()}`
        : await (await load(current.siteKey)).execute(current.siteKey, { action });
      await http.request(`${transit()}/api/verify_google_captcha`, { method: "POST", body: { token } });
      return token;
    },
  };
}
