// Session replay ids: a fresh id when the page may record a replay (SPEC 5 eligibility, a tracked
// visitor on a website that allows cookies), REPLAY_SKIP_ID ('automated-mock-id') otherwise.
import { randomUUID } from 'node:crypto';
import { REPLAY_SKIP_ID } from '@sc/contracts';
import { replayEligible } from '../domain/replay.js';
import { cookiesAllowed, requesterSkip } from '../domain/tracking-rules.js';
import type { CallFacts, IngestService } from '../ingest/ingest.service.js';

export class ReplayService {
  readonly #ingest: IngestService;

  constructor(ingest: IngestService) {
    this.#ingest = ingest;
  }

  /** The replay id for a page of this call, given the browser's CPU core count. */
  async replayId(facts: CallFacts, cores: number | undefined): Promise<string> {
    const site = await this.#ingest.settingsOf(facts.websiteId);
    const eligible =
      requesterSkip({ ...facts.identity, userAgent: facts.userAgent }, site) === undefined &&
      cookiesAllowed(site) &&
      replayEligible({
        country: site.country,
        timeZone: site.timeZone,
        featureToggle: site.sessionReplay.enabled,
        experimentFlag: site.sessionReplay.experiment,
        cpuCores: cores,
      });
    return eligible ? randomUUID() : REPLAY_SKIP_ID;
  }
}
