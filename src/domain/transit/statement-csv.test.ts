import { describe, expect, it } from "vitest";
import { novemberStatement } from "../../../tests/support/statement.ts";
import { type StatementCsvWords, statementCsv, statementFileName } from "./statement-csv.ts";

const english: StatementCsvWords = {
  header: ["Section", "Date", "Time", "Reference", "Description", "Card", "Amount", "Refunded", "Net"],
  purchase: "Purchase",
  load: "Load",
  trip: "Trip",
  benefit: "Commuter benefits",
  total: "Total",
  purchases: "Purchases",
  loads: "Loads",
  trips: "Trips",
  benefits: "Commuter benefits",
  wallet: "Account wallet",
  paidBy: { stored_value: "Stored value", pass: "Pass", cap: "Fare cap reached" },
};

describe("a statement as CSV (issue 35)", () => {
  it("writes each section's rows on the agency's clock, then totals that are the sums of the Net column", () => {
    const csv = statementCsv(novemberStatement, english);
    expect(csv.split("\r\n")).toEqual([
      "Section,Date,Time,Reference,Description,Card,Amount,Refunded,Net",
      "Purchase,2026-11-02,09:05,TP-00001042,2 × Adult Day Pass,,10.00,0.00,10.00",
      "Purchase,2026-11-20,11:30,TP-00001077,Adult 7-Day Pass,,25.00,5.00,20.00",
      "Load,2026-11-05,07:00,TP-00001050,,Work card •••• 4321,20.00,0.00,20.00",
      "Load,2026-11-06,07:00,TP-00001051,,Account wallet,15.00,0.00,15.00",
      'Trip,2026-11-03,07:15,,"10 Crosstown, Main St & 5th Ave, Stored value",Work card •••• 4321,2.50,0.00,2.50',
      'Trip,2026-11-03,17:40,,"RED Red Line, Fare cap reached",Work card •••• 4321,0.00,0.00,0.00',
      "Commuter benefits,2026-11-05,07:00,TP-00001050,Mastercard •••• 4444,,20.00,0.00,20.00",
      "",
      "Total,,,,Purchases,,,,30.00",
      "Total,,,,Loads,,,,35.00",
      "Total,,,,Trips,,,,2.50",
      "Total,,,,Commuter benefits,,,,20.00",
      "",
    ]);
    expect(statementFileName(novemberStatement)).toBe("statement-2026-11-01-to-2026-11-30.csv");
  });
});
