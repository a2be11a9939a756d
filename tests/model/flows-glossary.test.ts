import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { changesBetween, structureOf } from "../../scripts/flows/structure.ts";
import { briefValue, leafPaths, stateWords } from "../../scripts/flows/text.ts";
import { codeNames, readGlossary, Words } from "../../scripts/flows/words.ts";
import { generatePaths } from "./harness.ts";
import { models } from "./specs/index.ts";

const root = resolve(import.meta.dirname, "..", "..");

/**
 * The flows site names every state, event and guard in a product owner's words
 * (scripts/flows/glossary): a machine that gains or loses one without its glossary following fails
 * here; `npm run flows:glossary` adds a first guess to rewrite.
 */
describe("the flows glossary", () => {
  for (const spec of models) {
    it(`names everything in ${spec.name}, and nothing it lacks`, () => {
      const glossary = readGlossary(spec.name);
      expect(glossary, `scripts/flows/glossary/${spec.name}.json is missing`).not.toBeNull();
      if (!glossary) return;
      const names = codeNames(spec.machine);
      expect(Object.keys(glossary.states).sort()).toEqual([...names.states].sort());
      expect(Object.keys(glossary.events).sort()).toEqual(names.events);
      expect(Object.keys(glossary.guards).sort()).toEqual(names.guards);
      expect(glossary.title.trim()).not.toBe("");
      // The flows page opens on this journey as "the usual way through": it must be one of them.
      if (spec.happyPath) expect(spec.journeys.map((journey) => journey.name)).toContain(spec.happyPath);
      expect(glossary.purpose).toMatch(/^\S.{10,}\.$/);
      for (const [guard, words] of Object.entries(glossary.guards)) {
        expect(words, `guard ${guard} reads as a condition`).toMatch(/^when /);
      }
      for (const words of [
        ...Object.values(glossary.states),
        ...Object.values(glossary.events),
        ...Object.values(glossary.guards),
      ]) {
        expect(words.trim()).not.toBe("");
        expect(words).not.toMatch(/[<>`]/);
      }
    });
  }
});

describe("flows words", () => {
  const words = new Words("session");
  it("reads a nested state value as each active state with its parents", () => {
    expect(leafPaths({ authenticated: "idle" })).toEqual(["authenticated.idle"]);
    expect(leafPaths({ a: { b: "c" }, d: "e" })).toEqual(["a.b.c", "d.e"]);
    expect(stateWords(words, { authenticated: "idle" })).toBe(
      `${words.state("authenticated")} › ${words.state("authenticated.idle")}`,
    );
  });

  it("cuts an event's payload down to a few words", () => {
    expect(briefValue({ uuid: "x", name: "Day Pass", list_price: 500 })).toBe('"Day Pass"');
    expect(briefValue([1, 2, 3])).toBe("3 items");
    expect(briefValue("a".repeat(60))).toBe(`"${"a".repeat(37)}…"`);
    expect(briefValue({ on: true })).toBe("{on: true}");
  });

  it("guesses words for a name nobody has written down", () => {
    const unknown = new Words("noSuchMachine", null);
    expect(unknown.state("waitingForCode")).toBe("Waiting for code");
    expect(unknown.event("xstate.done.actor.loadProfile")).toBe("Load profile succeeds");
    expect(unknown.guard("hasRoom")).toBe("when has room");
  });
});

describe("the changelog of flows", () => {
  it("lists states and transitions added and removed, and new or dropped flows", () => {
    const session = models.find((spec) => spec.name === "session");
    if (!session) throw new Error("no session model");
    const now = structureOf(session.machine);
    const before = {
      ...now,
      states: [...now.states.filter((state) => state !== "signingOut"), "gone"],
      transitions: now.transitions.slice(1),
    };
    const changes = changesBetween({ session: before, old: now }, { session: now, fresh: now });
    expect(changes.map((change) => [change.machine, change.kind])).toEqual([
      ["fresh", "added"],
      ["old", "removed"],
      ["session", "changed"],
    ]);
    const changed = changes[2];
    expect(changed?.statesAdded).toEqual(["signingOut"]);
    expect(changed?.statesRemoved).toEqual(["gone"]);
    expect(changed?.transitionsAdded).toEqual(now.transitions.slice(0, 1));
    expect(changed?.transitionsRemoved).toEqual([]);
    expect(changesBetween({ session: now }, { session: now })).toEqual([]);
  });
});

describe("npm run flows:paths", () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [join(root, "scripts", "flows-paths.ts"), ...args], {
      cwd: root,
      encoding: "utf8",
    });
  const network = models.find((spec) => spec.name === "network");
  const pathCount = network ? generatePaths(network).length : 0;

  it("prints CSV with one row per step, quoted where it must be", () => {
    const result = run("network", "--format", "csv");
    expect(result.status).toBe(0);
    const rows = result.stdout.trimEnd().split("\r\n");
    expect(rows[0]).toBe("machine,path,step,input,given,when,then,given_code,when_code,then_code");
    const paths = new Set(rows.slice(1).map((row) => row.split(",")[1]));
    expect(paths.size).toBe(pathCount);
    expect(rows.slice(1).every((row) => row.startsWith("network,"))).toBe(true);
    expect(result.stdout).toContain('"Connected, no popup"');
  });

  it("writes Playwright stubs that parse as TypeScript, one test per path", () => {
    const file = join(mkdtempSync(join(tmpdir(), "flows-paths-")), "network.spec.ts");
    const result = run("network", "--format", "playwright", "--out", file);
    expect(result.status).toBe(0);
    const check = spawnSync(process.execPath, ["--check", file], { encoding: "utf8" });
    expect(check.stderr).toBe("");
    expect(check.status).toBe(0);
    const stubs = readFileSync(file, "utf8");
    expect(stubs.match(/^ {2}test\(/gm)).toHaveLength(pathCount);
    expect(stubs).toContain('await test.step("When ');
  });

  it("refuses an unknown machine or format", () => {
    expect(run("noSuchMachine").status).toBe(1);
    expect(run("network", "--format", "xml").stderr).toContain('Unknown format "xml"');
  });
});
