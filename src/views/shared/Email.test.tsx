import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Email } from "./Email.tsx";

/** The text between the break opportunities the browser is offered. */
function pieces(container: HTMLElement): string[] {
  const out: string[] = [""];
  const span = container.querySelector("[data-email]");
  for (const node of Array.from(span?.childNodes ?? [])) {
    if (node.nodeName === "WBR") out.push("");
    else out[out.length - 1] += node.textContent ?? "";
  }
  return out;
}

describe("Email", () => {
  it("offers a line break after the @ and before each dot, and nowhere else", () => {
    const { container } = render(<Email address="gia.guest-long@mail.example.com" />);
    expect(pieces(container)).toEqual(["gia", ".guest-long@", "mail", ".example", ".com"]);
    expect(container.textContent).toBe("gia.guest-long@mail.example.com");
  });

  it("leaves an address without dots as one piece after its @", () => {
    const { container } = render(<Email address="rider@localhost" />);
    expect(pieces(container)).toEqual(["rider@", "localhost"]);
  });
});
