import { Fragment } from "react";

/**
 * An email address that wraps where a reader expects it to: after the "@" and before a dot.
 * A long address on a phone then reads "gia.guest.with.a.long.name@" / "example.com", never
 * "gia.guest.with.a.lo" / "ng.name@example.com". A part longer than the line still breaks
 * where the surrounding style allows (`overflow-wrap`).
 */
export function Email({ address }: { address: string }) {
  const parts = address.split(/(?<=@)|(?=\.)/);
  return (
    <span data-email="">
      {parts.map((part, index) => (
        // The parts never move, so their place is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: the address is split the same way every time
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
