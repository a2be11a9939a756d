/**
 * Fails when a catalog is out of date with the source (re-extracting would change it) or when a
 * catalog that must be complete (en, es, vi) has an untranslated message. Leaves files as they were.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const localesDir = join(root, "src", "locales");
const complete = ["en", "es", "vi"];
const catalogs = readdirSync(localesDir).map((locale) => join(localesDir, locale, "messages.po"));
const before = new Map(catalogs.map((file) => [file, readFileSync(file, "utf8")]));

const lingui = join(root, "node_modules", "@lingui", "cli", "dist", "lingui.js");
const extract = spawnSync(process.execPath, [lingui, "extract", "--clean"], { cwd: root, encoding: "utf8" });
const changed = catalogs.filter((file) => readFileSync(file, "utf8") !== before.get(file));
for (const [file, text] of before) writeFileSync(file, text);

const problems: string[] = [];
if (extract.status !== 0) problems.push(`lingui extract failed:\n${extract.stderr}`);
if (changed.length > 0) {
  problems.push(
    `catalogs out of date (run npm run i18n:extract and translate): ${changed.map((f) => f.slice(root.length + 1)).join(", ")}`,
  );
}

/** msgid/msgstr pairs of a .po file, joining continued lines. */
function entries(po: string): Array<{ id: string; str: string }> {
  const result: Array<{ id: string; str: string }> = [];
  for (const block of po.split(/\n\s*\n/)) {
    const field = (name: string) => {
      const match = new RegExp(`^${name} ((?:".*"\\n?)+)`, "m").exec(`${block}\n`);
      return match?.[1]
        ? match[1]
            .split("\n")
            .map((line) => line.trim().replace(/^"|"$/g, ""))
            .join("")
        : null;
    };
    const id = field("msgid");
    const str = field("msgstr");
    if (id && str !== null) result.push({ id, str });
  }
  return result;
}

for (const locale of complete) {
  if (locale === "en") continue;
  const missing = entries(before.get(join(localesDir, locale, "messages.po")) ?? "").filter(
    (entry) => entry.str === "",
  );
  if (missing.length > 0) {
    problems.push(
      `${locale} is missing ${missing.length} translation(s): ${missing
        .slice(0, 5)
        .map((e) => JSON.stringify(e.id))
        .join(", ")}`,
    );
  }
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`i18n: ${catalogs.length} catalogs up to date; ${complete.join(", ")} complete`);
