import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The build's page, read once at start, as the server sends it. */
export interface PortalPage {
  html: string;
  /** CSP hashes ('sha256-…') of the stylesheets now inside the page. */
  styleHashes: string[];
}

const stylesheetLink = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;

/**
 * dist/index.html with its stylesheet written inside it: the spinner and the first screen then need no
 * request before they can paint (issue 16, Lighthouse's "render-blocking requests"). The CSP admits
 * exactly that text by its hash (plugins/security.ts). A stylesheet that could close its element is
 * left as a link. Null without a build.
 *
 * A link to the same stylesheet stays beside it, typed as something other than CSS so that browsers do
 * not fetch it (HTML: a stylesheet of a type they do not support is not obtained). It tells the loader
 * of lazily imported parts (Vite's, which looks for a stylesheet's <link> before adding one) that the
 * page has it; without it, a part imported by another part fetched and applied all of it again.
 */
export function readPortalPage(root: string | null): PortalPage | null {
  if (!root || !existsSync(join(root, "index.html"))) return null;
  const styleHashes: string[] = [];
  const html = readFileSync(join(root, "index.html"), "utf8").replace(
    stylesheetLink,
    (link, href: string) => {
      const file = join(root, href);
      if (!existsSync(file)) return link;
      const css = readFileSync(file, "utf8");
      if (/<\/style/i.test(css)) return link;
      styleHashes.push(`'sha256-${createHash("sha256").update(css).digest("base64")}'`);
      return `<style>${css}</style><link rel="stylesheet" type="text/x-inlined" href="${href}">`;
    },
  );
  return { html, styleHashes };
}
