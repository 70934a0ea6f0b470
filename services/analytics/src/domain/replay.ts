// SPEC 5 "Other": session replay is eligible only when the site's country is US, its time zone
// starts with America, the feature toggle and the experiment flag are on, and the browser has
// more than 2 CPU cores. The cores are the browser's to tell (navigator.hardwareConcurrency);
// when it does not, the server leaves that check to the page.
export interface ReplayFacts {
  country: string;
  timeZone: string;
  featureToggle: boolean;
  experimentFlag: boolean;
  cpuCores: number | undefined;
}

export function replayEligible(facts: ReplayFacts): boolean {
  return (
    facts.country === 'US' &&
    facts.timeZone.startsWith('America') &&
    facts.featureToggle &&
    facts.experimentFlag &&
    (facts.cpuCores === undefined || facts.cpuCores > 2)
  );
}
