import { fromPromise } from "xstate";
import type { Product } from "../../src/domain/catalog.ts";
import type { FormDefinition } from "../../src/domain/forms.ts";
import { cartMachine, type RefreshInput } from "../../src/machines/cart.machine.ts";
import { formMachine } from "../../src/machines/form.machine.ts";
import { sessionMachine } from "../../src/machines/session.machine.ts";
import { languageNeverChanges } from "./language.ts";

/** A server-driven form whose definition never arrives: for tests where forms are not the subject. */
const pendingForm = formMachine.provide({
  actors: {
    languageChanges: languageNeverChanges,
    fetchForm: fromPromise<FormDefinition, { method: string; language: string }>(() => new Promise(() => {})),
  },
});

/** The session with every side effect a no-op and a sign-in form that never loads. */
export const quietSession = sessionMachine.provide({
  actors: { signInForm: pendingForm, codeForm: pendingForm },
  actions: {
    storeTempToken: () => {},
    storeSession: () => {},
    storeUser: () => {},
    clearSession: () => {},
    clearCart: () => {},
    goToLogin: () => {},
    goToSignedInRoute: () => {},
    notifyCodeSent: () => {},
    notifyDeleted: () => {},
  },
});

/** The cart with storage, navigation and the refresh search as no-ops. */
export const quietCart = cartMachine.provide({
  actors: { refreshProducts: fromPromise<Product[], RefreshInput>(async () => []) },
  actions: {
    persist: () => {},
    goToCheckout: () => {},
    rememberGuest: () => {},
    rememberCheckout: () => {},
    storeProductMode: () => {},
  },
});
