/** Placeholder until the overview screen lands (issue 29). */
export function OverviewPage() {
  return null;
}
