import type { FastifyInstance } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { fail, ok } from "../../http/envelope.ts";
import { reauthenticate } from "./reauthenticate.ts";

const deactivationFailedMessage = "Account could not be deactivated at this time. Please try again later.";
const transferFailedMessage = "Failed to transfer the balance. Please try again later.";
const selectCardMessage = "Please select card to continue";

interface DeactivateBody {
  current_password: string;
  balance_action: "transfer" | "forfeit";
  payment_method_uuid?: string;
}

/**
 * Account deactivation (spec section 4), when the deployment allows it. GET tells what stays behind
 * (the rider's wallet and the stored value of their digital cards) and where it could go; POST deactivates, after the
 * password, either forfeiting that balance or transferring it to a chosen payment method. Every other
 * device then hears 40104 and signs out.
 */
export default async function deactivationRoutes(app: FastifyInstance) {
  const notAllowed = () => !app.portalConfig.allowAccountDeactivation;
  const { deactivation } = app;

  app.get("/users/deactivation", { preHandler: app.requireVerifiedRider }, async (request, reply) => {
    const user = request.account?.user;
    if (!user) throw new Error("requireRider let an anonymous request through");
    if (notAllowed())
      return fail(reply, 403, [{ code: ErrorCode.deactivationRefused, message: deactivationFailedMessage }]);
    return ok({
      balance: await deactivation.digitalBalance(user.id),
      currency_code: app.portalConfig.currency_code,
      // A transfer pays the balance out to a saved method, which needs a gateway payout (not built yet:
      // PaymentCharges refunds only what it captured), so no method is offered and only forfeit works.
      payment_methods: [] as Array<{ uuid: string; label: string }>,
    });
  });

  app.post<{ Body: DeactivateBody }>(
    "/users/deactivate",
    {
      preHandler: app.requireVerifiedRider,
      config: { rateLimit: { max: 10, timeWindow: "1 minute" }, passwordWork: true },
      schema: {
        body: {
          type: "object",
          required: ["current_password", "balance_action"],
          additionalProperties: false,
          properties: {
            current_password: { type: "string", minLength: 1, maxLength: 512 },
            balance_action: { type: "string", enum: ["transfer", "forfeit"] },
            payment_method_uuid: { type: "string", format: "uuid" },
          },
        },
      },
    },
    async (request, reply) => {
      const account = request.account;
      if (!account) throw new Error("requireRider let an anonymous request through");
      if (notAllowed()) {
        return fail(reply, 403, [
          { code: ErrorCode.deactivationRefused, message: deactivationFailedMessage },
        ]);
      }
      if (!(await reauthenticate(account.user, request.body.current_password, reply))) return reply;
      const done = await deactivation.deactivate(
        account.user.id,
        request.body.balance_action,
        request.body.payment_method_uuid,
      );
      switch (done.result) {
        case "selectCard":
          return fail(reply, 400, [
            { code: ErrorCode.validation, message: selectCardMessage, field: "payment_method_uuid" },
          ]);
        case "transferFailed":
          return fail(reply, 422, [{ code: ErrorCode.transferFailed, message: transferFailedMessage }]);
        case "ok":
          return ok({ status: "deactivated", forfeited: done.forfeited });
      }
    },
  );
}
