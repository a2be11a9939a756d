import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { QuantityInput, QuantityLookAlike } from "./QuantityInput.tsx";

const labels = { label: "Quantity", lessLabel: "One less", moreLabel: "One more" };

/** The stand-in alone, as drawn before Ark's number input has arrived. */
function lookAlike(value: number, min: number, max: number) {
  const calls = { onChange: vi.fn(), request: vi.fn(), onUse: vi.fn() };
  const draw = (next: number) => (
    <>
      <QuantityLookAlike {...labels} min={min} max={max} value={next} {...calls} />
      <button type="button">Elsewhere</button>
    </>
  );
  const view = render(draw(value));
  return { ...calls, redraw: (next: number) => view.rerender(draw(next)) };
}

describe("the quantity input before Ark's has arrived", () => {
  it("steps within its bounds with − and +, and asks for Ark's on the way", async () => {
    const { onChange, request, redraw } = lookAlike(2, 0, 3);
    expect(screen.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");
    await userEvent.click(screen.getByRole("button", { name: "One more" }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(request).toHaveBeenCalled();
    redraw(3);
    expect(screen.getByRole("button", { name: "One more" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "One less" }));
    expect(onChange).toHaveBeenLastCalledWith(2);
  });

  it("says it is in use while focus is anywhere inside it, and steps with the arrow keys", async () => {
    const { onChange, request, onUse } = lookAlike(1, 1, 20);
    expect(screen.getByRole("button", { name: "One less" })).toBeDisabled();
    await userEvent.tab();
    expect(screen.getByRole("spinbutton", { name: "Quantity" })).toHaveFocus();
    expect(request).toHaveBeenCalled();
    expect(onUse).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard("{ArrowUp}");
    expect(onChange).toHaveBeenLastCalledWith(2);
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "One more" })).toHaveFocus();
    expect(onUse).not.toHaveBeenCalledWith(false);
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Elsewhere" })).toHaveFocus();
    expect(onUse).toHaveBeenLastCalledWith(false);
  });

  it("takes digits typed, and clamps them on leaving the field", async () => {
    const { onChange } = lookAlike(1, 0, 20);
    const field = screen.getByRole("spinbutton", { name: "Quantity" });
    await userEvent.clear(field);
    expect(onChange).toHaveBeenLastCalledWith(Number.NaN);
    await userEvent.type(field, "2x5");
    expect(field).toHaveValue("25");
    expect(onChange).toHaveBeenLastCalledWith(25);
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith(20);
  });

  it("is Ark's number input once loaded (the tests preload it), with the same label and value", async () => {
    const onChange = vi.fn();
    render(<QuantityInput {...labels} min={0} max={20} value={4} onChange={onChange} />);
    const field = screen.getByRole("spinbutton", { name: "Quantity" });
    expect(field).toHaveValue("4");
    expect(field.closest("[data-scope='number-input']")).not.toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "One more" }));
    expect(onChange).toHaveBeenLastCalledWith(5);
  });
});
