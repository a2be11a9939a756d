import { shownOnDemand } from "../shared/PartLoading.tsx";
import type { BankForm as Form } from "./BankFormParts.tsx";

/** A US bank account for ACH payments (./BankFormParts.tsx), loaded when a rider first adds one. */
export const BankForm = shownOnDemand<Parameters<typeof Form>[0]>(() =>
  import("./BankFormParts.tsx").then((module) => module.BankForm),
);
