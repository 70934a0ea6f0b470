import { runService } from '@sc/platform';
import { contentService } from './app.js';

await runService(contentService);
