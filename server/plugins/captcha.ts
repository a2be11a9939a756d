import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import {
  type CaptchaGate,
  type CaptchaVerifier,
  createCaptchaGate,
  sandboxCaptchaVerifier,
} from "../gateways/captcha.ts";

declare module "fastify" {
  interface FastifyInstance {
    captcha: CaptchaGate;
  }
}

/** `app.captcha`: the sandbox verifier unless one is given (main.ts gives reCAPTCHA when RECAPTCHA_SECRET is set). */
export default fp(
  async function captcha(app: FastifyInstance, options: { verifier?: CaptchaVerifier }) {
    app.decorate(
      "captcha",
      createCaptchaGate(options.verifier ?? sandboxCaptchaVerifier, undefined, app.clock),
    );
  },
  { name: "captcha", dependencies: ["clock"] },
);
