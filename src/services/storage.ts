import { type CartItem, isCartItem } from "../domain/cart.ts";
import { isStoredUser } from "../domain/session.ts";
/**
 * Every browser storage key of the portal (spec section 3), read and written only through this module.
 * Values are JSON except the raw token strings the original portal stored; unreadable values count as
 * absent, so a corrupted entry can never break start-up.
 */

export interface CurrentFareCard {
  nickname: string;
  faremediaId: string;
  cardNumber: string;
  category: string;
  storedValue: number;
}

type PurchaseFlowType = "digital" | "physical";

interface Codec<T> {
  parse(raw: string): T | null;
  serialize(value: T): string;
}

const text: Codec<string> = {
  parse: (raw) => (raw.length > 0 ? raw : null),
  serialize: (value) => value,
};

function json<T>(check: (value: unknown) => value is T): Codec<T> {
  return {
    parse(raw) {
      try {
        const value: unknown = JSON.parse(raw);
        return check(value) ? value : null;
      } catch {
        return null;
      }
    },
    serialize: (value) => JSON.stringify(value),
  };
}

const flag: Codec<boolean> = {
  parse: (raw) => (raw === "true" ? true : raw === "false" ? false : null),
  serialize: (value) => String(value),
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

const isCart = (value: unknown): value is CartItem[] => Array.isArray(value) && value.every(isCartItem);

const isCurrentFareCard = (value: unknown): value is CurrentFareCard =>
  isRecord(value) && typeof value.faremediaId === "string" && typeof value.cardNumber === "string";

const purchaseFlow: Codec<PurchaseFlowType> = {
  parse: (raw) => (raw === "digital" || raw === "physical" ? raw : null),
  serialize: (value) => value,
};

/** Key names as the spec lists them; `language` is renamed per deployment (Bytemark-CW-lang here). */
export const storageKeyNames = {
  authToken: "auth_token",
  user: "cwp_user",
  cart: "cart",
  faremediaId: "faremedia_id",
  tempAuthToken: "tempAuthToken",
  parentOrgId: "parentOrgId",
  serviceConfigUuid: "service_config_uuid",
  cardToken: "card_token",
  language: "language",
  isGuestUser: "isGuestUser",
  purchaseFlowType: "purchaseFlowType",
  currentFareCard: "currentFareCard",
  tourDone: "tourDone",
} as const;

const codecs = {
  authToken: text,
  user: json(isStoredUser),
  cart: json(isCart),
  faremediaId: text,
  tempAuthToken: text,
  parentOrgId: text,
  serviceConfigUuid: text,
  cardToken: text,
  language: text,
  isGuestUser: flag,
  purchaseFlowType: purchaseFlow,
  currentFareCard: json(isCurrentFareCard),
  tourDone: flag,
} satisfies { [Key in keyof typeof storageKeyNames]: Codec<unknown> };

type StorageKey = keyof typeof codecs;

/** What sign-out removes (spec section 3); the cart is removed only when the rider chose to clear it. */
const riderKeys = [
  "authToken",
  "user",
  "faremediaId",
  "tempAuthToken",
  "parentOrgId",
  "cardToken",
  "isGuestUser",
  "currentFareCard",
] as const satisfies readonly StorageKey[];
type StoredValue<Key extends StorageKey> = (typeof codecs)[Key] extends Codec<infer T> ? T : never;

export interface PortalStorage {
  get<Key extends StorageKey>(key: Key): StoredValue<Key> | null;
  set<Key extends StorageKey>(key: Key, value: StoredValue<Key>): void;
  remove(key: StorageKey): void;
  /** Signed in means an auth token is stored. */
  isSignedIn(): boolean;
  /**
   * Sign-out: every rider key goes (token, user, fare media id, temp token, parentOrgId, card token,
   * guest flag and the chosen fare card with its number and balance); the cart too when asked.
   * Language and tour-done stay.
   */
  clearSession(options: { clearCart: boolean }): void;
  /**
   * The cart and what belongs to it: its organisation (parentOrgId, spec section 4) and its product
   * mode (purchaseFlowType), which a kept cart keeps through a sign-out.
   */
  clearCart(): void;
  /**
   * Remembers the deployment (`service_config_uuid`: its uuid and currentDeployedVersion) and forgets
   * what the browser kept under another one: for a new version of the file, the cart with its
   * organisation and product mode (its catalogue, organisations and limits may have changed); for
   * another deployment (another uuid), every rider key and the tour too. The language stays; one the
   * deployment does not offer is ignored at start.
   */
  adoptDeployment(uuid: string, version: number): void;
  /** The storage key actually used for `key` in this deployment. */
  keyName(key: StorageKey): string;
  /** The deployment names its own language key (Bytemark-CW-lang); known once the config arrives. */
  useLanguageKey(name: string): void;
}

export function createPortalStorage(backing: Storage): PortalStorage {
  let languageKey: string = storageKeyNames.language;
  const keyName = (key: StorageKey): string => (key === "language" ? languageKey : storageKeyNames[key]);

  const storage: PortalStorage = {
    keyName,
    useLanguageKey(name) {
      languageKey = name;
    },
    get(key) {
      let raw: string | null;
      try {
        raw = backing.getItem(keyName(key));
      } catch {
        return null;
      }
      if (raw === null) return null;
      const codec = codecs[key] as Codec<StoredValue<typeof key>>;
      return codec.parse(raw);
    },
    set(key, value) {
      const codec = codecs[key] as Codec<typeof value>;
      try {
        backing.setItem(keyName(key), codec.serialize(value));
      } catch {
        // Storage full or disabled (private mode): the portal keeps working for this page view.
      }
    },
    remove(key) {
      try {
        backing.removeItem(keyName(key));
      } catch {
        // Nothing stored, nothing to remove.
      }
    },
    isSignedIn: () => storage.get("authToken") !== null,
    clearCart() {
      storage.remove("cart");
      storage.remove("parentOrgId");
      storage.remove("purchaseFlowType");
    },
    clearSession({ clearCart }) {
      for (const key of riderKeys) storage.remove(key);
      if (clearCart) storage.clearCart();
    },
    adoptDeployment(uuid, version) {
      const kept = storage.get("serviceConfigUuid");
      const current = `${uuid}/${version}`;
      storage.set("serviceConfigUuid", current);
      if (kept && kept !== current) {
        if (kept.startsWith(`${uuid}/`)) {
          // A new version of the same file: the session, the card token and the tour stay.
          storage.clearCart();
        } else {
          storage.clearSession({ clearCart: true });
          storage.remove("tourDone");
        }
      }
    },
  };
  return storage;
}
