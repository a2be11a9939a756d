import type { DialogDescriptionProps, DialogTitleProps } from "@ark-ui/react/dialog";
import { lazy, useEffect, useSyncExternalStore } from "react";
import { resilient } from "../app/chunks.ts";
import type { SheetProps, SheetStyles } from "./SheetDialog.tsx";

export type { SheetStyles };

type Parts = typeof import("./SheetDialog.tsx");

/*
 * Every dialog of the portal is a Sheet, and most pages open none: the cart drawer, the side menu, the
 * sign-out question. So Ark's dialog (focus trap, dismissal, presence, scroll lock) is not part of the
 * first page: it loads when a sheet first opens. From then on every sheet renders Ark's dialog, closed
 * until its machine opens it, exactly as if it had been there from the start.
 */
let parts: Parts | null = null;
const listeners = new Set<() => void>();
let loading: Promise<Parts> | null = null;
const loadParts = () => {
  loading ??= resilient(() => import("./SheetDialog.tsx"))().then((module) => {
    parts = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const useParts = () => useSyncExternalStore(subscribe, () => parts);

/** Loads the dialog parts ahead of need (tests, which then see every sheet draw synchronously). */
export async function preloadSheet(): Promise<void> {
  await loadParts();
}

/** An Ark dialog shown while a machine says so (./SheetDialog.tsx has the whole story). */
export function Sheet(props: SheetProps) {
  const loaded = useParts();
  useEffect(() => {
    if (props.open && !loaded) {
      loadParts().catch((error: unknown) => console.warn("The dialog did not load", error));
    }
  }, [props.open, loaded]);
  return loaded ? <loaded.Sheet {...props} /> : null;
}

/*
 * A sheet's parts only ever render inside an open sheet, whose module is then loaded; were one drawn
 * elsewhere, it would wait for the module like the sheet does.
 */
const LazyClose = lazy(() => loadParts().then((module) => ({ default: module.SheetClose })));
const LazyTitle = lazy(() => loadParts().then((module) => ({ default: module.SheetTitle })));
const LazyDescription = lazy(() => loadParts().then((module) => ({ default: module.SheetDescription })));

/** The corner close button of a sheet, named for what it closes. */
export function SheetClose(props: { styles: SheetStyles; label: string }) {
  return parts ? <parts.SheetClose {...props} /> : <LazyClose {...props} />;
}

export function SheetTitle(props: DialogTitleProps) {
  return parts ? <parts.SheetTitle {...props} /> : <LazyTitle {...props} />;
}

export function SheetDescription(props: DialogDescriptionProps) {
  return parts ? <parts.SheetDescription {...props} /> : <LazyDescription {...props} />;
}
