import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { NavLink } from "./NavLink.tsx";

function linkAt(path: string, section?: boolean | string) {
  const { hook } = memoryLocation({ path });
  render(
    <Router hook={hook}>
      <NavLink href="/account/orders/1" section={section}>
        Order History
      </NavLink>
    </Router>,
  );
  return screen.getByRole("link", { name: "Order History" });
}

describe("NavLink", () => {
  it("is current on its own path only, by default", () => {
    expect(linkAt("/account/orders/1")).toHaveAttribute("aria-current", "page");
  });

  it("is not current on another page of its section without a section", () => {
    expect(linkAt("/account/orders/2")).not.toHaveAttribute("aria-current");
  });

  it("is current on every path under the section it names", () => {
    expect(linkAt("/account/orders/2", "/account/orders")).toHaveAttribute("aria-current", "page");
  });

  it("is current on a detail under the section it names", () => {
    expect(
      linkAt("/account/orders/1/0f8c7c7e-8d3e-4a53-9d7c-4fb1f5c1a001", "/account/orders"),
    ).toHaveAttribute("aria-current", "page");
  });

  it("is not current on a path that only starts with the section's letters", () => {
    expect(linkAt("/account/ordersx", "/account/orders")).not.toHaveAttribute("aria-current");
  });

  it("with section true, is current under its own href", () => {
    expect(linkAt("/account/orders/1/x", true)).toHaveAttribute("aria-current", "page");
  });
});
