// The owner's waitlist settings (captcha, mailing-list box, automatic notification, texts).
import type { RestockSettings } from '@sc/contracts';
import type { SettingsRepository } from './settings.repository.js';

export class SettingsService {
  readonly #settings: SettingsRepository;

  constructor(settings: SettingsRepository) {
    this.#settings = settings;
  }

  get(websiteId: string): Promise<RestockSettings> {
    return this.#settings.read(websiteId);
  }

  async save(websiteId: string, settings: RestockSettings): Promise<RestockSettings> {
    await this.#settings.write(websiteId, settings);
    return settings;
  }
}
