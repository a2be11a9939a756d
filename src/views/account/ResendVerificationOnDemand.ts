import { shownOnDemand } from "../shared/PartLoading.tsx";

/**
 * "Action Blocked" with its "Resend verification email" (./ResendVerification.tsx), downloaded only for
 * a rider whose email the deployment still needs confirmed: the checkout, the account and the fare
 * cards pages show it in their place.
 */
export const ResendVerification = shownOnDemand(() =>
  import("./ResendVerification.tsx").then((module) => module.ResendVerification),
);
