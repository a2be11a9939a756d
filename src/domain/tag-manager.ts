/*
 * Whether and how a deployment loads its tag manager. Apart from the events (./analytics.ts), which
 * download only when a tag manager starts, since every page asks this (issue 16).
 */

/** The tag manager's script, for a container id like GTM-XXXXXXX. */
export const tagManagerScriptUrl = (id: string) =>
  `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;

/** The deployment turns the tag manager on only when it allows one and names its container. */
export const tagManagerIdOf = (analytics: {
  tagManagerAllowed: boolean;
  tagManagerId: string;
}): string | null =>
  analytics.tagManagerAllowed && analytics.tagManagerId.trim() !== "" ? analytics.tagManagerId.trim() : null;
