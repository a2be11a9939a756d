import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { onDemand } from "../../ui/useOnDemand.ts";
import { LookAlikeTrigger, useLookAlike } from "./LookAlikeTrigger.tsx";

type RealProps = { defaultOpen: boolean; autoFocus: boolean };

/** A select part whose download the test finishes when it wants. */
function slowPart() {
  let arrive: () => void = () => {};
  let asked = 0;
  const part = onDemand<RealProps>(
    () =>
      new Promise((resolve) => {
        asked += 1;
        arrive = () =>
          resolve(({ defaultOpen, autoFocus }) => <p>{`real, open ${defaultOpen}, focus ${autoFocus}`}</p>);
      }),
  );
  return { part, arrive: () => act(async () => arrive()), asked: () => asked };
}

function Picker({ part }: { part: ReturnType<typeof slowPart>["part"] }) {
  const { Part, intent, want, request } = useLookAlike(part);
  if (Part) return <Part defaultOpen={intent.open} autoFocus={intent.focus} />;
  return (
    <LookAlikeTrigger label="Colour" indicator="▾" want={want} request={request}>
      Blue
    </LookAlikeTrigger>
  );
}

describe("a look-alike select trigger", () => {
  it("is a labelled, closed combobox until the rider reaches for it", () => {
    const { part, asked } = slowPart();
    render(<Picker part={part} />);
    const trigger = screen.getByRole("combobox", { name: "Colour" });
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    expect(trigger).toHaveTextContent("Blue");
    expect(asked()).toBe(0);
  });

  it("downloads on focus, and the select arrives focused but closed", async () => {
    const { part, arrive, asked } = slowPart();
    render(<Picker part={part} />);
    await userEvent.tab();
    expect(asked()).toBe(1);
    await arrive();
    expect(screen.getByText("real, open false, focus true")).toBeInTheDocument();
  });

  it("opens on arrival when pressed, or asked by an opening key, while it downloaded", async () => {
    for (const reach of [
      (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole("combobox")),
      async (user: ReturnType<typeof userEvent.setup>) => {
        await user.tab();
        await user.keyboard("{ArrowDown}");
      },
    ]) {
      const { part, arrive, asked } = slowPart();
      const user = userEvent.setup();
      const { unmount } = render(<Picker part={part} />);
      await reach(user);
      expect(asked()).toBe(1);
      await arrive();
      expect(screen.getByText("real, open true, focus true")).toBeInTheDocument();
      unmount();
    }
  });
});
