import type { Statement } from "../domain/transit/statement.ts";
import { type HttpClient, required } from "./http.ts";

/** A rider's statement for a range of days (src/domain/transit/statement.ts). */
export function createStatementService(http: HttpClient, transitBase: () => string) {
  return {
    async statement(range: { from: string; to: string }): Promise<Statement> {
      const reply = await http.request<{ statement: Statement }>(`${transitBase()}/statement`, {
        query: { from: range.from, to: range.to },
      });
      return required(reply, "GET /statement").statement;
    },
  };
}
