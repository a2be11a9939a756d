/** What Ajv reports of one schema violation (the part of it the error envelope uses). */
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * The issues worth telling a client, out of all Ajv reports with `allErrors`. A body checked against
 * `oneOf` (or `anyOf`) alternatives, such as the sign-in body (password, Apple, Google or Facebook),
 * gets an issue for every branch it misses, and then one saying it matched none: ten issues for an
 * empty sign-in body, most about properties of sign-ins the client never meant. Only the branch the body
 * came closest to is kept, the one it misses by the fewest issues (the first on a tie, so the schema
 * lists its usual case first), and the "must match exactly one schema" issue is dropped unless that
 * branch has nothing to say (the body matched several). A body of the wrong type at the alternatives'
 * own place gets only that: "must be object" says it all.
 */
export function narrowedIssues<Issue extends SchemaIssue>(issues: readonly Issue[]): Issue[] {
  let kept = [...issues];
  for (const choice of issues) {
    if ((choice.keyword !== "oneOf" && choice.keyword !== "anyOf") || !kept.includes(choice)) continue;
    const prefix = `${choice.schemaPath}/`;
    const branchOf = (issue: Issue): number | null => {
      const index = issue.schemaPath.startsWith(prefix)
        ? Number.parseInt(issue.schemaPath.slice(prefix.length), 10)
        : Number.NaN;
      return Number.isNaN(index) ? null : index;
    };
    const wrongType = kept.some(
      (issue) =>
        issue.keyword === "type" && issue.instancePath === choice.instancePath && branchOf(issue) === null,
    );
    const branches = new Map<number, Issue[]>();
    for (const issue of kept) {
      const branch = branchOf(issue);
      if (branch !== null) branches.set(branch, [...(branches.get(branch) ?? []), issue]);
    }
    // The fewest issues, then the first listed.
    const [closest = []] = [...branches]
      .sort(([a, left], [b, right]) => left.length - right.length || a - b)
      .map(([, branchIssues]) => branchIssues);
    kept = kept.filter((issue) => {
      if (issue === choice) return !wrongType && closest.length === 0;
      return branchOf(issue) === null || (!wrongType && closest.includes(issue));
    });
  }
  return kept;
}
