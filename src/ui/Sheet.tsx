import type { DialogDescriptionProps, DialogTitleProps } from "@ark-ui/react/dialog";
import { lazy, Suspense, useState } from "react";
import type { SheetProps, SheetStyles } from "./SheetDialog.tsx";

export type { SheetStyles };

type Parts = typeof import("./SheetDialog.tsx");

/*
 * Every dialog of the portal is a Sheet, and most pages open none: the tour's offer, the cart drawer,
 * the side menu, the sign-out question. So Ark's dialog (focus trap, dismissal, presence, scroll lock)
 * is not part of the first page: it loads when a sheet first opens, and from then on every sheet draws
 * at once. A sheet that was never opened renders nothing, as Ark's own `lazyMount` would.
 */
let parts: Parts | null = null;
const loadParts = () =>
  import("./SheetDialog.tsx").then((module) => {
    parts = module;
    return module;
  });

/** Loads the dialog parts ahead of need (tests, which then see every sheet draw synchronously). */
export async function preloadSheet(): Promise<void> {
  await loadParts();
}

const LazySheet = lazy(() => loadParts().then((module) => ({ default: module.Sheet })));

/** An Ark dialog shown while a machine says so (./SheetDialog.tsx has the whole story). */
export function Sheet(props: SheetProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  if (parts) return <parts.Sheet {...props} />;
  return (
    <Suspense fallback={null}>
      <LazySheet {...props} />
    </Suspense>
  );
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
